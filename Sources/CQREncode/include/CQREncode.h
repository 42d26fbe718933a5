#ifndef CQRENCODE_H
#define CQRENCODE_H
// libqrencode (Debian libqrencode4), opened at run time with dlopen: it is not on a fresh
// machine, and the build and every other page must work without it. Its headers
// (libqrencode-dev) are not there either, so the few declarations used are repeated here,
// as qrencode.h 4.x has them (the ABI of libqrencode.so.4).
#include <stddef.h>

/// Error correction levels (qrencode.h `QRecLevel`): about 7, 15, 25 and 30 % recoverable.
typedef enum {
    QR_ECLEVEL_L = 0,
    QR_ECLEVEL_M,
    QR_ECLEVEL_Q,
    QR_ECLEVEL_H
} QRecLevel;

/// Encoding modes (qrencode.h `QRencodeMode`); only the hint QR_MODE_8 is passed.
typedef enum {
    QR_MODE_NUL = -1,
    QR_MODE_NUM = 0,
    QR_MODE_AN,
    QR_MODE_8,
    QR_MODE_KANJI,
    QR_MODE_STRUCTURE,
    QR_MODE_ECI,
    QR_MODE_FNC1FIRST,
    QR_MODE_FNC1SECOND
} QRencodeMode;

/// A symbol (qrencode.h `QRcode`): `width` × `width` bytes, row by row; bit 0 of each byte
/// is 1 for a dark module (the other bits say what the module is part of).
typedef struct {
    int version;
    int width;
    unsigned char *data;
} QRcode;

/// `QRcode_encodeString(string, version, level, hint, casesensitive)`: NULL with errno set
/// (EINVAL, ENOMEM, ERANGE when the text does not fit in version 40).
typedef QRcode *(*cqr_encode_string_fn)(const char *string, int version, QRecLevel level, QRencodeMode hint, int casesensitive);
/// `QRcode_free(qrcode)`.
typedef void (*cqr_free_fn)(QRcode *qrcode);
/// `QRcode_APIVersionString()`: "4.1.1".
typedef char *(*cqr_version_fn)(void);

/// The library's functions once opened. Never closed: it stays loaded for the process's
/// life, so the pointers stay valid. libqrencode built with pthread (as Debian's is: it
/// imports pthread_mutex_lock) guards its only shared state, the Reed-Solomon tables
/// built on first use, with a mutex: concurrent encodes are safe.
typedef struct {
    void *handle;
    cqr_encode_string_fn encode_string;
    cqr_free_fn free;
    cqr_version_fn version;
} cqr_library;

/// Opens `name` (e.g. "libqrencode.so.4") and looks up the functions above. Returns 0 and
/// fills `library`, or -1 with the reason (dlerror's text) in `error` (NUL-terminated,
/// at most `capacity` bytes) and `library` zeroed.
int cqr_open(const char *name, cqr_library *library, char *error, size_t capacity);

/// Encodes the NUL-terminated `text` at `level` in the smallest version it fits, each part
/// in its most compact mode (digits, upper-case letters, or bytes), case kept. Returns the
/// symbol (free it with cqr_free) or NULL with `*error` set to errno's value.
QRcode *cqr_encode(const cqr_library *library, const char *text, QRecLevel level, int *error);

/// Frees a symbol cqr_encode returned.
void cqr_free(const cqr_library *library, QRcode *code);

#endif
