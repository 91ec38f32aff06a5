#ifndef CCrypto_SHIM_H
#define CCrypto_SHIM_H
#include <openssl/evp.h>
#endif
