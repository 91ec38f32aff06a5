#include "CMagic.h"
#include "CSharedLibrary.h"

#define FUNCTIONS(X) X(magic_open) X(magic_close) X(magic_load) X(magic_error) X(magic_file) \
    X(magic_descriptor) X(magic_buffer)
MENUD_SHARED_LIBRARY(menud_magic_library_open, "libmagic.so.1", "libmagic1", FUNCTIONS)

magic_t menud_magic_open(int flags) { require(); return api.magic_open(flags); }
void menud_magic_close(magic_t cookie) { require(); api.magic_close(cookie); }
int menud_magic_load(magic_t cookie, const char *database) { require(); return api.magic_load(cookie, database); }
const char *menud_magic_error(magic_t cookie) { require(); return api.magic_error(cookie); }
const char *menud_magic_file(magic_t cookie, const char *path) { require(); return api.magic_file(cookie, path); }
const char *menud_magic_descriptor(magic_t cookie, int descriptor) {
    require();
    return api.magic_descriptor(cookie, descriptor);
}
const char *menud_magic_buffer(magic_t cookie, const void *bytes, size_t count) {
    require();
    return api.magic_buffer(cookie, bytes, count);
}
