#ifndef CCRYPTO_H
#define CCRYPTO_H
/* libcrypto's SHA-256 (EVP), opened on first use (CSharedLibrary.h says why). Swift calls the
   menud_ functions, each the libcrypto function of the same name without the prefix; calling
   a libcrypto function directly fails to link, as the library is not linked. */
#include <openssl/evp.h>

/* Opens libcrypto: NULL, or the sentence saying why it cannot be used (naming the package). */
const char *menud_crypto_open(void);

EVP_MD_CTX *menud_EVP_MD_CTX_new(void);
void menud_EVP_MD_CTX_free(EVP_MD_CTX *context);
int menud_EVP_DigestInit_ex(EVP_MD_CTX *context, const EVP_MD *type, ENGINE *engine);
int menud_EVP_DigestUpdate(EVP_MD_CTX *context, const void *data, size_t count);
int menud_EVP_DigestFinal_ex(EVP_MD_CTX *context, unsigned char *digest, unsigned int *size);
const EVP_MD *menud_EVP_sha256(void);

#endif
