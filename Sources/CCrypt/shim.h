// libxcrypt (libcrypt-dev): yescrypt and the other crypt(3) password hashes.
#include <crypt.h>
