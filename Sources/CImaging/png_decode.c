// PNG header reading and decoding with libpng, box-filtered into the output row by row.
#include "internal.h"
#include <setjmp.h>
#include <stdlib.h>
#include <png.h>

/* The bytes being read and what went wrong, reached through libpng's io and error pointers. */
typedef struct {
    const uint8_t *data;
    size_t length, offset;
    int status;
    char reason[160];
} png_context;

/* Keeps the first reason (ours, if we set one before calling png_error) and jumps out. */
static void on_error(png_structp png, png_const_charp text) {
    png_context *context = png_get_error_ptr(png);
    if (context->status == CIMG_OK) {
        context->status = CIMG_MALFORMED;
        snprintf(context->reason, sizeof context->reason, "%s", text);
    }
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

static void fail(png_structp png, int status, const char *reason) {
    png_context *context = png_get_error_ptr(png);
    context->status = status;
    snprintf(context->reason, sizeof context->reason, "%s", reason);
    png_error(png, reason);
}

static void read_bytes(png_structp png, png_bytep out, size_t count) {
    png_context *context = png_get_io_ptr(png);
    if (count > context->length - context->offset)
        fail(png, CIMG_TRUNCATED, "the PNG data ends before the image does");
    memcpy(out, context->data + context->offset, count);
    context->offset += count;
}

/* Limits and chunk handling, set before anything is read. Metadata chunks are never parsed:
   they are not needed for pixels, and compressed text is a decompression bomb vector. */
static void configure(png_structp png, png_context *context) {
    static const png_byte ignored[] = "tEXt\0zTXt\0iTXt\0eXIf\0tIME\0sPLT\0hIST\0bKGD\0pCAL\0sCAL\0oFFs\0sTER\0";
    png_set_read_fn(png, context, read_bytes);
    /* libpng's own limit (a million pixels a side) stays; ours, checked after IHDR, is tighter
       and reports CIMG_TOO_LARGE rather than libpng's "Invalid IHDR data". */
    png_set_chunk_cache_max(png, 128);
    png_set_chunk_malloc_max(png, 8u * 1024u * 1024u);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, ignored, (int)(sizeof ignored / 5));
}

static int start(const uint8_t *data, size_t length, png_context *context, png_structp *png, png_infop *info,
                 char *message, size_t capacity) {
    memset(context, 0, sizeof *context);
    context->data = data;
    context->length = length;
    if (data == NULL || length < 8 || png_sig_cmp(data, 0, 8) != 0) {
        cimg_set_message(message, capacity, "the bytes are not a PNG");
        return CIMG_MALFORMED;
    }
    *png = png_create_read_struct(PNG_LIBPNG_VER_STRING, context, on_error, on_warning);
    *info = *png ? png_create_info_struct(*png) : NULL;
    if (*info == NULL) {
        png_destroy_read_struct(png, NULL, NULL);
        cimg_set_message(message, capacity, "out of memory");
        return CIMG_NO_MEMORY;
    }
    return CIMG_OK;
}

static int finish_failure(png_structp *png, png_infop *info, png_context *context, char *message, size_t capacity) {
    png_destroy_read_struct(png, info, NULL);
    cimg_set_message(message, capacity, context->reason);
    return context->status == CIMG_OK ? CIMG_MALFORMED : context->status;
}

int cimg_png_info(const uint8_t *data, size_t length, cimg_info *info_out, char *message, size_t capacity) {
    png_context context;
    png_structp png = NULL;
    png_infop info = NULL;
    memset(info_out, 0, sizeof *info_out);
    int status = start(data, length, &context, &png, &info, message, capacity);
    if (status != CIMG_OK) return status;
    if (setjmp(png_jmpbuf(png))) return finish_failure(&png, &info, &context, message, capacity);
    configure(png, &context);
    png_read_info(png, info);
    int color = png_get_color_type(png, info);
    info_out->width = png_get_image_width(png, info);
    info_out->height = png_get_image_height(png, info);
    info_out->components = png_get_channels(png, info);
    info_out->progressive = png_get_interlace_type(png, info) == PNG_INTERLACE_ADAM7;
    info_out->has_alpha = (color & PNG_COLOR_MASK_ALPHA) != 0 || png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    png_destroy_read_struct(&png, &info, NULL);
    return cimg_check_dimensions(info_out->width, info_out->height, message, capacity);
}

/* Every PNG becomes 8-bit RGBA rows. */
static void request_rgba(png_structp png, png_infop info) {
    int color = png_get_color_type(png, info), depth = png_get_bit_depth(png, info);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_scale_16(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if ((color & PNG_COLOR_MASK_ALPHA) == 0 && !png_get_valid(png, info, PNG_INFO_tRNS))
        png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
}

/* Copies the iCCP profile, if any, into memory that outlives libpng's structures. */
static uint8_t *copy_icc(png_structp png, png_infop info, size_t *length) {
    png_charp name;
    int compression;
    png_bytep profile;
    png_uint_32 profile_length;
    *length = 0;
    if (!png_get_valid(png, info, PNG_INFO_iCCP)
        || !png_get_iCCP(png, info, &name, &compression, &profile, &profile_length) || profile_length == 0)
        return NULL;
    uint8_t *copy = malloc(profile_length);
    if (copy == NULL) return NULL;
    memcpy(copy, profile, profile_length);
    *length = profile_length;
    return copy;
}

int cimg_png_decode(const uint8_t *data, size_t length, const cimg_region *region,
                    const cimg_decode_options *options, cimg_image *image,
                    char *message, size_t capacity) {
    png_context context;
    png_structp png = NULL;
    png_infop info = NULL;
    /* Written after setjmp and freed on the error path, hence volatile. */
    uint8_t *volatile row = NULL;
    int32_t *volatile cells = NULL;
    uint32_t *volatile sums = NULL;
    uint8_t *volatile pixels = NULL;
    uint8_t *volatile icc = NULL;
    memset(image, 0, sizeof *image);
    if (options == NULL) {
        cimg_set_message(message, capacity, "no options");
        return CIMG_INVALID_ARGUMENT;
    }
    int status = start(data, length, &context, &png, &info, message, capacity);
    if (status != CIMG_OK) return status;
    if (setjmp(png_jmpbuf(png))) {
        free(row);
        free(cells);
        free(sums);
        free(pixels);
        free(icc);
        return finish_failure(&png, &info, &context, message, capacity);
    }
    configure(png, &context);
    png_read_info(png, info);
    const uint32_t width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    char reason[160];
    if ((status = cimg_check_dimensions(width, height, reason, sizeof reason)) != CIMG_OK) fail(png, status, reason);
    cimg_region area;
    if ((status = cimg_resolve_region(region, width, height, &area, reason, sizeof reason)) != CIMG_OK)
        fail(png, status, reason);
    size_t icc_length = 0;
    icc = copy_icc(png, info, &icc_length);

    /* Interlacing is left to us: libpng's own handling needs the whole image in memory,
       while each Adam7 pass's pixels can go straight to their output cells. */
    const int passes = png_get_interlace_type(png, info) == PNG_INTERLACE_ADAM7 ? 7 : 1;
    request_rgba(png, info);
    png_read_update_info(png, info);
    if (png_get_channels(png, info) != 4 || png_get_rowbytes(png, info) != (size_t)width * 4)
        fail(png, CIMG_UNSUPPORTED, "the PNG's pixel layout is not supported");

    /* One integer factor for both axes; the few pixels it leaves over are trimmed evenly. */
    const uint32_t min_width = options->min_width ? options->min_width : area.width;
    const uint32_t min_height = options->min_height ? options->min_height : area.height;
    uint32_t factor = area.width / min_width < area.height / min_height ? area.width / min_width : area.height / min_height;
    if (factor < 1) factor = 1;
    if (factor > 256) factor = 256; /* keeps 255 × 255 × factor² within a 32-bit sum */
    const uint32_t out_width = area.width / factor, out_height = area.height / factor;
    const uint32_t left = area.x + (area.width - out_width * factor) / 2;
    const uint32_t top = area.y + (area.height - out_height * factor) / 2;
    const uint32_t bottom = top + out_height * factor;

    row = malloc((size_t)width * 4);
    cells = malloc((size_t)width * sizeof(int32_t));
    pixels = malloc((size_t)out_width * out_height * 3);
    if (factor > 1) sums = calloc((size_t)out_width * out_height * 4, sizeof(uint32_t));
    if (row == NULL || cells == NULL || pixels == NULL || (factor > 1 && sums == NULL))
        fail(png, CIMG_NO_MEMORY, "out of memory");
    for (uint32_t x = 0; x < width; x++)
        cells[x] = x >= left && x < left + out_width * factor ? (int32_t)((x - left) / factor) : -1;

    const unsigned background[3] = {options->background[0], options->background[1], options->background[2]};
    for (int pass = 0; pass < passes; pass++) {
        const uint32_t rows = passes == 1 ? height : PNG_PASS_ROWS(height, pass);
        const uint32_t columns = passes == 1 ? width : PNG_PASS_COLS(width, pass);
        if (rows == 0 || columns == 0) continue; /* libpng skips empty passes too */
        const uint32_t first = passes == 1 ? 0 : PNG_PASS_START_COL(pass);
        const uint32_t step = passes == 1 ? 1 : 1u << PNG_PASS_COL_SHIFT(pass);
        for (uint32_t j = 0; j < rows; j++) {
            png_read_row(png, row, NULL);
            const uint32_t y = passes == 1 ? j : PNG_ROW_FROM_PASS_ROW(j, pass);
            if (y < top || y >= bottom) continue;
            const uint32_t cell_y = (y - top) / factor;
            const uint8_t *source = row;
            for (uint32_t i = 0; i < columns; i++, source += 4) {
                const int32_t cell_x = cells[first + i * step];
                if (cell_x < 0) continue;
                const size_t cell = (size_t)cell_y * out_width + (size_t)cell_x;
                const unsigned alpha = source[3];
                if (factor == 1) {
                    for (int c = 0; c < 3; c++)
                        pixels[cell * 3 + c] = (uint8_t)((source[c] * alpha + background[c] * (255 - alpha) + 127) / 255);
                } else {
                    uint32_t *sum = sums + cell * 4;
                    sum[0] += source[0] * alpha;
                    sum[1] += source[1] * alpha;
                    sum[2] += source[2] * alpha;
                    sum[3] += alpha;
                }
            }
        }
    }
    png_read_end(png, NULL);

    if (factor > 1) {
        const uint64_t whole = 255ull * factor * factor;
        for (size_t cell = 0; cell < (size_t)out_width * out_height; cell++) {
            const uint32_t *sum = sums + cell * 4;
            const uint64_t uncovered = whole - sum[3];
            for (int c = 0; c < 3; c++)
                pixels[cell * 3 + c] = (uint8_t)((sum[c] + background[c] * uncovered + whole / 2) / whole);
        }
    }
    png_destroy_read_struct(&png, &info, NULL);
    free(row);
    free(cells);
    free(sums);
    image->pixels = pixels;
    image->width = out_width;
    image->height = out_height;
    image->icc = icc;
    image->icc_length = icc ? icc_length : 0;
    return CIMG_OK;
}
