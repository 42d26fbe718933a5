#ifndef CIMAGING_H
#define CIMAGING_H
// libjpeg-turbo and libpng behind plain functions that return status codes.
//
// Both libraries report errors by leaving the caller's stack frame: libjpeg's default
// handler calls exit() and libpng's longjmps. Swift frames cannot be jumped over, so every
// call into either library happens here, under a setjmp that frees whatever was allocated
// and turns the failure into a status code and a message. Every function is safe on
// arbitrary bytes: a failure is a status, never a crash, a hang or a leak.
#include <stddef.h>
#include <stdint.h>

/* Status codes. */
#define CIMG_OK 0
#define CIMG_MALFORMED 1        /* not an image of the format, or corrupt */
#define CIMG_TRUNCATED 2        /* the data ends before the image does */
#define CIMG_TOO_LARGE 3        /* dimensions or working memory beyond the limits below */
#define CIMG_UNSUPPORTED 4      /* a valid image this build cannot decode (12-bit JPEG, …) */
#define CIMG_NO_MEMORY 5        /* malloc failed */
#define CIMG_INVALID_ARGUMENT 6 /* a caller's mistake (region outside the image, …) */

/* Decompression-bomb limits, checked from the header before any pixel memory is allocated. */
#define CIMG_MAX_SIDE 30000
#define CIMG_MAX_PIXELS 100000000ULL
/* A progressive JPEG with more scans than this is hostile (each scan re-reads the image). */
#define CIMG_MAX_SCANS 500
/* What libjpeg may use for its whole-image arrays (progressive JPEGs) unless told otherwise. */
#define CIMG_DEFAULT_MEMORY_LIMIT (192u * 1024u * 1024u)

/* Dimensions and layout read from a header. */
typedef struct {
    uint32_t width, height;
    int components;  /* JPEG: 1 (gray), 3 (YCbCr/RGB), 4 (CMYK/YCCK); PNG: channels as stored */
    int progressive; /* JPEG: progressive; PNG: Adam7-interlaced */
    int has_alpha;   /* PNG: an alpha channel or a tRNS chunk */
} cimg_info;

/* A rectangle of the stored (not yet oriented) image, in its pixels. */
typedef struct {
    uint32_t x, y, width, height;
} cimg_region;

/* How to decode. Zeroed options decode the whole region at full size. */
typedef struct {
    /* The decoded region is scaled down (JPEG: DCT scaling by 1/2, 1/4 or 1/8; PNG: an
       integer box filter while rows are read) to the smallest size at least this large. */
    uint32_t min_width, min_height;
    /* Bytes libjpeg may use for whole-image arrays; 0 means CIMG_DEFAULT_MEMORY_LIMIT. */
    size_t memory_limit;
    /* PNG: transparent pixels are composited over this RGB colour. */
    uint8_t background[3];
} cimg_decode_options;

/* Decoded pixels: RGB, 3 bytes a pixel, rows packed. Release with cimg_image_free. */
typedef struct {
    uint8_t *pixels;
    uint32_t width, height;
    uint8_t *icc; /* the embedded ICC profile, or NULL */
    size_t icc_length;
} cimg_image;

/* Each function below writes a NUL-terminated reason into message (capacity bytes, may be
   NULL) when it returns anything but CIMG_OK. */

/* Reads a JPEG's dimensions without decoding it. */
int cimg_jpeg_info(const uint8_t *data, size_t length, cimg_info *info,
                   char *message, size_t capacity);

/* Decodes region (NULL: the whole image) of a JPEG to RGB, choosing the largest DCT scale
   denominator (1, 2, 4 or 8) that keeps the region at least options->min_width ×
   min_height. A JPEG that ends early is CIMG_TRUNCATED even though libjpeg would pad it. */
int cimg_jpeg_decode(const uint8_t *data, size_t length, const cimg_region *region,
                     const cimg_decode_options *options, cimg_image *image,
                     char *message, size_t capacity);

/* Reads a PNG's dimensions without decoding it. */
int cimg_png_info(const uint8_t *data, size_t length, cimg_info *info,
                  char *message, size_t capacity);

/* Decodes region (NULL: the whole image) of a PNG to RGB, alpha composited over
   options->background. Rows are box-filtered into the output as they are read, by the
   largest integer factor (at most 256) that keeps the region at least min_width ×
   min_height, so memory follows the output size, not the image's (about 19 bytes an
   output pixel plus one input row). Palette, gray, 1–16-bit and interlaced PNGs all work. */
int cimg_png_decode(const uint8_t *data, size_t length, const cimg_region *region,
                    const cimg_decode_options *options, cimg_image *image,
                    char *message, size_t capacity);

/* Encodes RGB pixels (width*3 bytes a row) as a baseline or progressive JPEG with optimized
   Huffman tables and 4:2:0 chroma. quality is 1–100; icc (may be NULL) is embedded as
   APP2 ICC_PROFILE. On CIMG_OK, *output holds *output_length bytes to free with cimg_free. */
int cimg_jpeg_encode(const uint8_t *rgb, uint32_t width, uint32_t height, int quality,
                     int progressive, const uint8_t *icc, size_t icc_length,
                     uint8_t **output, size_t *output_length, char *message, size_t capacity);

void cimg_image_free(cimg_image *image);
void cimg_free(void *pointer);

#endif
