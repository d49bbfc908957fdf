// giflib 5 writes and reads GIF files; LineFit writes typing animations with it (GIF plays
// on more viewers than animated WebP). GIF_OK and the extension codes are plain macros that
// Swift imports directly.
#include <gif_lib.h>
