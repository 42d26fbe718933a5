#include "CQREncode.h"

#include <dlfcn.h>
#include <errno.h>
#include <string.h>

static void copy_error(char *error, size_t capacity, const char *text) {
    if (capacity == 0) return;
    if (text == NULL) text = "unknown dlopen error";
    strncpy(error, text, capacity - 1);
    error[capacity - 1] = '\0';
}

int cqr_open(const char *name, cqr_library *library, char *error, size_t capacity) {
    memset(library, 0, sizeof *library);
    // RTLD_LOCAL: its symbols stay its own; RTLD_NOW: a broken library fails here, not mid-request.
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        copy_error(error, capacity, dlerror());
        return -1;
    }
    dlerror();
    void *encode = dlsym(handle, "QRcode_encodeString");
    void *release = dlsym(handle, "QRcode_free");
    void *version = dlsym(handle, "QRcode_APIVersionString");
    if (encode == NULL || release == NULL || version == NULL) {
        copy_error(error, capacity, dlerror());
        dlclose(handle);
        return -1;
    }
    library->handle = handle;
    // POSIX guarantees a function's address from dlsym converts to a function pointer.
    library->encode_string = (cqr_encode_string_fn)encode;
    library->free = (cqr_free_fn)release;
    library->version = (cqr_version_fn)version;
    return 0;
}

QRcode *cqr_encode(const cqr_library *library, const char *text, QRecLevel level, int *error) {
    errno = 0;
    // Version 0: the smallest that holds the text.
    QRcode *code = library->encode_string(text, 0, level, QR_MODE_8, 1);
    *error = code == NULL ? (errno != 0 ? errno : EINVAL) : 0;
    return code;
}

void cqr_free(const cqr_library *library, QRcode *code) {
    if (code != NULL) library->free(code);
}
