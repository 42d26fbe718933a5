// OpenSSL 3's libcrypto (libssl-dev): digests, HMAC, KDFs and the CSPRNG.
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
