// JPEG encoding into a growing memory buffer with libjpeg-turbo.
#include "internal.h"
#include <setjmp.h>
#include <stdlib.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
} encode_failure;

static void on_error_exit(j_common_ptr cinfo) {
    longjmp(((encode_failure *)cinfo->err)->jump, 1);
}

static void on_output_message(j_common_ptr cinfo) { (void)cinfo; }

/* Our own destination rather than jpeg_mem_dest: jpeg_mem_dest reports its buffer only at
   the end, so after an error midway the caller cannot tell what to free. Here the buffer
   always lives in the manager, which the error path can reach. */
typedef struct {
    struct jpeg_destination_mgr pub;
    uint8_t *buffer;
    size_t capacity;
} growing_destination;

static void destination_init(j_compress_ptr cinfo) {
    growing_destination *destination = (growing_destination *)cinfo->dest;
    destination->capacity = 16384;
    destination->buffer = malloc(destination->capacity);
    if (destination->buffer == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 0);
    destination->pub.next_output_byte = destination->buffer;
    destination->pub.free_in_buffer = destination->capacity;
}

static boolean destination_grow(j_compress_ptr cinfo) {
    growing_destination *destination = (growing_destination *)cinfo->dest;
    size_t used = destination->capacity; /* libjpeg calls this only when the buffer is full */
    uint8_t *larger = realloc(destination->buffer, destination->capacity * 2);
    if (larger == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 1);
    destination->buffer = larger;
    destination->capacity *= 2;
    destination->pub.next_output_byte = larger + used;
    destination->pub.free_in_buffer = destination->capacity - used;
    return TRUE;
}

static void destination_term(j_compress_ptr cinfo) { (void)cinfo; }

int cimg_jpeg_encode(const uint8_t *rgb, uint32_t width, uint32_t height, int quality,
                     int progressive, const uint8_t *icc, size_t icc_length,
                     uint8_t **output, size_t *output_length, char *message, size_t capacity) {
    struct jpeg_compress_struct cinfo;
    encode_failure failure;
    growing_destination destination;
    if (output == NULL || output_length == NULL) {
        cimg_set_message(message, capacity, "no place for the output");
        return CIMG_INVALID_ARGUMENT;
    }
    *output = NULL;
    *output_length = 0;
    if (rgb == NULL || width == 0 || height == 0 || width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION
        || quality < 1 || quality > 100 || icc_length > 0xFFFFFFu) {
        cimg_set_message(message, capacity, "invalid pixels, size or quality for a JPEG");
        return CIMG_INVALID_ARGUMENT;
    }
    memset(&cinfo, 0, sizeof cinfo);
    memset(&destination, 0, sizeof destination);
    cinfo.err = jpeg_std_error(&failure.pub);
    failure.pub.error_exit = on_error_exit;
    failure.pub.output_message = on_output_message;
    if (setjmp(failure.jump)) {
        char text[JMSG_LENGTH_MAX];
        (*cinfo.err->format_message)((j_common_ptr)&cinfo, text);
        cimg_set_message(message, capacity, text);
        int status = cinfo.err->msg_code == JERR_OUT_OF_MEMORY ? CIMG_NO_MEMORY : CIMG_INVALID_ARGUMENT;
        jpeg_destroy_compress(&cinfo);
        free(destination.buffer);
        return status;
    }
    jpeg_create_compress(&cinfo);
    destination.pub.init_destination = destination_init;
    destination.pub.empty_output_buffer = destination_grow;
    destination.pub.term_destination = destination_term;
    cinfo.dest = &destination.pub;

    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    cinfo.optimize_coding = TRUE;
    cinfo.dct_method = JDCT_ISLOW;
    if (progressive) jpeg_simple_progression(&cinfo);

    jpeg_start_compress(&cinfo, TRUE);
    if (icc != NULL && icc_length > 0) jpeg_write_icc_profile(&cinfo, icc, (unsigned int)icc_length);
    const size_t stride = (size_t)width * 3;
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW rows[1] = {(JSAMPROW)(rgb + (size_t)cinfo.next_scanline * stride)};
        jpeg_write_scanlines(&cinfo, rows, 1);
    }
    jpeg_finish_compress(&cinfo);
    *output = destination.buffer;
    *output_length = destination.capacity - destination.pub.free_in_buffer;
    jpeg_destroy_compress(&cinfo);
    return CIMG_OK;
}
