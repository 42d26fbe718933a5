// libjpeg-turbo (libjpeg-dev). jpeglib.h uses size_t and FILE without including their
// headers, so <stddef.h> and <stdio.h> come first.
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
#include <jerror.h>
