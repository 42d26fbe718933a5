// zlib (zlib1g-dev, on a fresh machine): raw deflate and CRC-32 for the ZIP export.
#include <zlib.h>

// deflateInit2 is a macro in zlib.h, which Swift cannot call: this is the function it names.
static inline int czlib_deflate_init_raw(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}
