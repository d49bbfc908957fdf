#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>
#include "CLineFitSystem.h"

int lfsys_image_path(const void *address, char *buffer, size_t capacity) {
    Dl_info info;
    if (capacity == 0 || dladdr(address, &info) == 0 || info.dli_fname == NULL) return -1;
    size_t length = strlen(info.dli_fname);
    if (length + 1 > capacity) return -1;
    memcpy(buffer, info.dli_fname, length + 1);
    return 0;
}
