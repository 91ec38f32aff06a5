#include "CCrypto.h"
#include "CSharedLibrary.h"

#define FUNCTIONS(X) X(EVP_MD_CTX_new) X(EVP_MD_CTX_free) X(EVP_DigestInit_ex) X(EVP_DigestUpdate) \
    X(EVP_DigestFinal_ex) X(EVP_sha256)
/* The soname of OpenSSL 3, whose header this is built against. */
MENUD_SHARED_LIBRARY(menud_crypto_open, "libcrypto.so.3", "libssl3", FUNCTIONS)

EVP_MD_CTX *menud_EVP_MD_CTX_new(void) { require(); return api.EVP_MD_CTX_new(); }
void menud_EVP_MD_CTX_free(EVP_MD_CTX *context) { require(); api.EVP_MD_CTX_free(context); }
int menud_EVP_DigestInit_ex(EVP_MD_CTX *context, const EVP_MD *type, ENGINE *engine) {
    require();
    return api.EVP_DigestInit_ex(context, type, engine);
}
int menud_EVP_DigestUpdate(EVP_MD_CTX *context, const void *data, size_t count) {
    require();
    return api.EVP_DigestUpdate(context, data, count);
}
int menud_EVP_DigestFinal_ex(EVP_MD_CTX *context, unsigned char *digest, unsigned int *size) {
    require();
    return api.EVP_DigestFinal_ex(context, digest, size);
}
const EVP_MD *menud_EVP_sha256(void) { require(); return api.EVP_sha256(); }
