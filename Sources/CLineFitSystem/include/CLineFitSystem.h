// System calls LineFit needs that Swift cannot reach directly.
#ifndef LINEFIT_CSYSTEM_H
#define LINEFIT_CSYSTEM_H

#include <stddef.h>

// The file of the image (executable or shared library) holding `address`, written to
// `buffer` (NUL-terminated); returns 0 on success. dladdr is declared by glibc only under
// _GNU_SOURCE, which the Swift Glibc module does not define, so it is wrapped here.
int lfsys_image_path(const void *address, char *buffer, size_t capacity);

#endif
