#ifndef CIMAGING_INTERNAL_H
#define CIMAGING_INTERNAL_H
#include "CImaging.h"
#include <stdio.h>
#include <string.h>

/* Copies text into the caller's message buffer, truncating, always NUL-terminated. */
static inline void cimg_set_message(char *message, size_t capacity, const char *text) {
    if (message == NULL || capacity == 0) return;
    snprintf(message, capacity, "%s", text);
}

/* CIMG_OK if width × height is within the decompression-bomb limits. */
static inline int cimg_check_dimensions(uint32_t width, uint32_t height, char *message, size_t capacity) {
    if (width == 0 || height == 0) {
        cimg_set_message(message, capacity, "the image has no pixels");
        return CIMG_MALFORMED;
    }
    if (width > CIMG_MAX_SIDE || height > CIMG_MAX_SIDE
        || (unsigned long long)width * height > CIMG_MAX_PIXELS) {
        char text[128];
        snprintf(text, sizeof text, "the image is %u × %u pixels, more than the %d-pixel side or "
                 "%llu-megapixel limit", width, height, CIMG_MAX_SIDE, CIMG_MAX_PIXELS / 1000000ULL);
        cimg_set_message(message, capacity, text);
        return CIMG_TOO_LARGE;
    }
    return CIMG_OK;
}

/* Resolves a caller's region (NULL: the whole image) against the image's size. */
static inline int cimg_resolve_region(const cimg_region *region, uint32_t width, uint32_t height,
                                      cimg_region *resolved, char *message, size_t capacity) {
    if (region == NULL) {
        *resolved = (cimg_region){0, 0, width, height};
        return CIMG_OK;
    }
    if (region->width == 0 || region->height == 0
        || region->x > width || region->width > width - region->x
        || region->y > height || region->height > height - region->y) {
        cimg_set_message(message, capacity, "the region lies outside the image");
        return CIMG_INVALID_ARGUMENT;
    }
    *resolved = *region;
    return CIMG_OK;
}

#endif
