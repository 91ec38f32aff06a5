#ifndef CMAGIC_H
#define CMAGIC_H
/* libmagic, opened on first use (CSharedLibrary.h says why). Swift calls the menud_ functions,
   each the libmagic function of the same name without the prefix. */
#include <magic.h>

/* Opens libmagic: NULL, or the sentence saying why it cannot be used (naming the package). */
const char *menud_magic_library_open(void);

magic_t menud_magic_open(int flags);
void menud_magic_close(magic_t cookie);
int menud_magic_load(magic_t cookie, const char *database);
const char *menud_magic_error(magic_t cookie);
const char *menud_magic_file(magic_t cookie, const char *path);
const char *menud_magic_descriptor(magic_t cookie, int descriptor);
const char *menud_magic_buffer(magic_t cookie, const void *bytes, size_t count);

#endif
