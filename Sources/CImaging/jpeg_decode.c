// JPEG header reading and scaled, cropped decoding with libjpeg-turbo.
#include "internal.h"
#include <setjmp.h>
#include <stdlib.h>
#include <jpeglib.h>
#include <jerror.h>

/* libjpeg's error manager extended with where to jump and what went wrong. */
typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    int status;      /* set before jumping on our own checks; 0 means "ask libjpeg" */
    char reason[JMSG_LENGTH_MAX];
    int truncated;   /* libjpeg warned that the data ended early (it pads with EOI) */
} decode_failure;

static void on_error_exit(j_common_ptr cinfo) {
    decode_failure *failure = (decode_failure *)cinfo->err;
    longjmp(failure->jump, 1);
}

/* Warnings are counted silently; the one that matters, the end of the data, is remembered. */
static void on_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    decode_failure *failure = (decode_failure *)cinfo->err;
    if (cinfo->err->msg_code == JWRN_JPEG_EOF) failure->truncated = 1;
    cinfo->err->num_warnings++;
}

static void on_output_message(j_common_ptr cinfo) { (void)cinfo; }

/* Our own refusals go through the same jump, so there is one clean-up path. */
static void fail(j_decompress_ptr cinfo, int status, const char *reason) {
    decode_failure *failure = (decode_failure *)cinfo->err;
    failure->status = status;
    snprintf(failure->reason, sizeof failure->reason, "%s", reason);
    longjmp(failure->jump, 1);
}

/* Hostile progressive files can carry thousands of scans, each a pass over the image. */
static void on_progress(j_common_ptr cinfo) {
    j_decompress_ptr decompress = (j_decompress_ptr)cinfo;
    if (cinfo->is_decompressor && decompress->input_scan_number > CIMG_MAX_SCANS)
        fail(decompress, CIMG_MALFORMED, "the JPEG has too many progressive scans");
}

static int failure_status(j_decompress_ptr cinfo, decode_failure *failure, char *message, size_t capacity) {
    if (failure->status != CIMG_OK) {
        cimg_set_message(message, capacity, failure->reason);
        return failure->status;
    }
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)((j_common_ptr)cinfo, text);
    cimg_set_message(message, capacity, text);
    switch (cinfo->err->msg_code) {
    case JERR_NO_BACKING_STORE: case JERR_IMAGE_TOO_BIG:
        cimg_set_message(message, capacity, "decoding the JPEG needs more memory than allowed");
        return CIMG_TOO_LARGE;
    case JERR_OUT_OF_MEMORY:
        return CIMG_NO_MEMORY;
    case JERR_BAD_PRECISION: case JERR_CONVERSION_NOTIMPL: case JERR_NOT_COMPILED:
    case JERR_ARITH_NOTIMPL:
        return CIMG_UNSUPPORTED;
    default:
        if (failure->truncated) {
            cimg_set_message(message, capacity, "the JPEG data ends before the image does");
            return CIMG_TRUNCATED;
        }
        return CIMG_MALFORMED;
    }
}

/* Before setjmp: the jump buffer lives in failure, so it must not be cleared afterwards. */
static void prepare(j_decompress_ptr cinfo, decode_failure *failure) {
    memset(cinfo, 0, sizeof *cinfo);
    memset(failure, 0, sizeof *failure);
    cinfo->err = jpeg_std_error(&failure->pub);
    failure->pub.error_exit = on_error_exit;
    failure->pub.emit_message = on_emit_message;
    failure->pub.output_message = on_output_message;
}

int cimg_jpeg_info(const uint8_t *data, size_t length, cimg_info *info, char *message, size_t capacity) {
    struct jpeg_decompress_struct cinfo;
    decode_failure failure;
    memset(info, 0, sizeof *info);
    if (data == NULL || length == 0) {
        cimg_set_message(message, capacity, "there are no bytes");
        return CIMG_MALFORMED;
    }
    prepare(&cinfo, &failure);
    if (setjmp(failure.jump)) {
        int status = failure_status(&cinfo, &failure, message, capacity);
        jpeg_destroy_decompress(&cinfo);
        return status;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)length);
    jpeg_read_header(&cinfo, TRUE);
    info->width = cinfo.image_width;
    info->height = cinfo.image_height;
    info->components = cinfo.num_components;
    info->progressive = cinfo.progressive_mode ? 1 : 0;
    jpeg_destroy_decompress(&cinfo);
    return cimg_check_dimensions(info->width, info->height, message, capacity);
}

/* Adobe CMYK JPEGs store inverted ink values; others (rare) store them plainly. */
static void cmyk_to_rgb(const uint8_t *cmyk, uint8_t *rgb, uint32_t count, int inverted) {
    for (uint32_t i = 0; i < count; i++, cmyk += 4, rgb += 3) {
        unsigned c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        rgb[0] = (uint8_t)((c * k + 127) / 255);
        rgb[1] = (uint8_t)((m * k + 127) / 255);
        rgb[2] = (uint8_t)((y * k + 127) / 255);
    }
}

/* Whether every component is scaled to a 1×1 or 2×2 IDCT in a progressive JPEG. */
static int stops_early(j_decompress_ptr cinfo) {
    if (!cinfo->progressive_mode) return 0;
    for (int c = 0; c < cinfo->num_components; c++)
        if (cinfo->comp_info[c].DCT_scaled_size > 2) return 0;
    return 1;
}

/* Whether the scans so far hold (at some precision) every coefficient the scaled IDCTs read:
   the DC for 1×1; for 2×2 the coefficients of rows and columns 0, 1, 3, 5 and 7, which in
   zigzag order reach the last, so all 64. coef_bits is -1 for a coefficient not yet sent. */
static int scaled_input_complete(j_decompress_ptr cinfo) {
    for (int c = 0; c < cinfo->num_components; c++) {
        const int needed = cinfo->comp_info[c].DCT_scaled_size == 1 ? 1 : DCTSIZE2;
        for (int k = 0; k < needed; k++)
            if (cinfo->coef_bits[c][k] < 0) return 0;
    }
    return 1;
}

int cimg_jpeg_decode(const uint8_t *data, size_t length, const cimg_region *region,
                     const cimg_decode_options *options, cimg_image *image,
                     char *message, size_t capacity) {
    struct jpeg_decompress_struct cinfo;
    decode_failure failure;
    struct jpeg_progress_mgr progress;
    /* Written after setjmp and read on the error path, hence volatile. */
    uint8_t *volatile pixels = NULL;
    uint8_t *volatile row = NULL;
    JOCTET *volatile icc = NULL;
    memset(image, 0, sizeof *image);
    if (data == NULL || length == 0 || options == NULL) {
        cimg_set_message(message, capacity, "there are no bytes");
        return data == NULL || length == 0 ? CIMG_MALFORMED : CIMG_INVALID_ARGUMENT;
    }
    prepare(&cinfo, &failure);
    if (setjmp(failure.jump)) {
        int status = failure_status(&cinfo, &failure, message, capacity);
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        free(row);
        free(icc);
        return status;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)length);
    cinfo.mem->max_memory_to_use = (long)(options->memory_limit ? options->memory_limit : CIMG_DEFAULT_MEMORY_LIMIT);
    progress.progress_monitor = on_progress;
    cinfo.progress = &progress;
    jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);

    char reason[JMSG_LENGTH_MAX];
    int status = cimg_check_dimensions(cinfo.image_width, cinfo.image_height, reason, sizeof reason);
    if (status != CIMG_OK) fail(&cinfo, status, reason);
    cimg_region area;
    status = cimg_resolve_region(region, cinfo.image_width, cinfo.image_height, &area, reason, sizeof reason);
    if (status != CIMG_OK) fail(&cinfo, status, reason);

    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    /* The largest reduction that keeps the region at least the requested size (0: full size). */
    const uint64_t min_width = options->min_width ? options->min_width : area.width;
    const uint64_t min_height = options->min_height ? options->min_height : area.height;
    unsigned denominator = 8;
    while (denominator > 1 && (area.width < min_width * denominator || area.height < min_height * denominator))
        denominator /= 2;
    cinfo.scale_num = 1;
    cinfo.scale_denom = denominator;

    {
        JOCTET *profile = NULL;
        unsigned int profile_length = 0;
        if (jpeg_read_icc_profile(&cinfo, &profile, &profile_length)) {
            icc = profile;
            image->icc_length = profile_length;
        }
    }

    /* At 1/8 scale a luma pixel is its block's DC coefficient alone, and 4:2:0 chroma comes
       from a 2×2 IDCT. A progressive JPEG sends every DC first and the chroma's AC early,
       so the later scans (most of the file, and most of the time) cannot change the output:
       buffered-image mode lets decoding stop once what the scaled IDCTs read is in. The
       caller checks the file's structure reaches EOI, since libjpeg will not see the end. */
    jpeg_calc_output_dimensions(&cinfo);
    const int early_stop = stops_early(&cinfo);
    cinfo.buffered_image = early_stop ? TRUE : FALSE;
    cinfo.do_block_smoothing = early_stop ? FALSE : TRUE; /* it only estimates AC coefficients */
    jpeg_start_decompress(&cinfo);
    if (early_stop) {
        for (;;) {
            int progress = jpeg_consume_input(&cinfo);
            if (progress == JPEG_SUSPENDED) fail(&cinfo, CIMG_TRUNCATED, "the JPEG data ends before the image does");
            if (progress == JPEG_REACHED_EOI || (progress == JPEG_SCAN_COMPLETED && scaled_input_complete(&cinfo))) break;
        }
        if (failure.truncated) fail(&cinfo, CIMG_TRUNCATED, "the JPEG data ends before the image does");
        jpeg_start_output(&cinfo, cinfo.input_scan_number);
    }
    /* The region in output (scaled) pixels: whole pixels covering it. */
    const uint64_t full_width = cinfo.output_width, full_height = cinfo.output_height;
    uint32_t x0 = (uint32_t)((uint64_t)area.x * full_width / cinfo.image_width);
    uint32_t x1 = (uint32_t)(((uint64_t)(area.x + area.width) * full_width + cinfo.image_width - 1) / cinfo.image_width);
    uint32_t y0 = (uint32_t)((uint64_t)area.y * full_height / cinfo.image_height);
    uint32_t y1 = (uint32_t)(((uint64_t)(area.y + area.height) * full_height + cinfo.image_height - 1) / cinfo.image_height);
    if (x1 > full_width) x1 = (uint32_t)full_width;
    if (y1 > full_height) y1 = (uint32_t)full_height;
    if (x1 <= x0) x1 = x0 + 1;
    if (y1 <= y0) y1 = y0 + 1;
    const uint32_t width = x1 - x0, height = y1 - y0;

    /* Skip decoding columns outside the region; libjpeg widens the crop to whole iMCUs. */
    JDIMENSION crop_x = 0, crop_width = cinfo.output_width;
    if (width < cinfo.output_width) {
        crop_x = x0;
        crop_width = width;
        jpeg_crop_scanline(&cinfo, &crop_x, &crop_width);
    }
    const uint32_t column = x0 - crop_x;

    row = malloc((size_t)cinfo.output_width * (size_t)cinfo.output_components);
    pixels = malloc((size_t)width * height * 3);
    if (row == NULL || pixels == NULL) fail(&cinfo, CIMG_NO_MEMORY, "out of memory");

    /* Every row is read, even outside the region, so a truncated baseline file is noticed. */
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW rows[1] = {row};
        JDIMENSION y = cinfo.output_scanline;
        if (jpeg_read_scanlines(&cinfo, rows, 1) != 1) fail(&cinfo, CIMG_MALFORMED, "the JPEG could not be read");
        if (y < y0 || y >= y1) continue;
        uint8_t *target = pixels + (size_t)(y - y0) * width * 3;
        if (cmyk)
            cmyk_to_rgb(row + (size_t)column * 4, target, width, cinfo.saw_Adobe_marker);
        else
            memcpy(target, row + (size_t)column * 3, (size_t)width * 3);
    }
    if (early_stop)
        jpeg_abort_decompress(&cinfo);
    else
        jpeg_finish_decompress(&cinfo);
    if (failure.truncated) fail(&cinfo, CIMG_TRUNCATED, "the JPEG data ends before the image does");

    jpeg_destroy_decompress(&cinfo);
    free(row);
    image->pixels = pixels;
    image->width = width;
    image->height = height;
    image->icc = icc;
    if (icc == NULL) image->icc_length = 0;
    return CIMG_OK;
}

void cimg_image_free(cimg_image *image) {
    if (image == NULL) return;
    free(image->pixels);
    free(image->icc);
    memset(image, 0, sizeof *image);
}

void cimg_free(void *pointer) { free(pointer); }
