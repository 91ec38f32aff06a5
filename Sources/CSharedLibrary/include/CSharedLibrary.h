#ifndef CSHAREDLIBRARY_H
#define CSHAREDLIBRARY_H
/* Opening a C library at run time instead of linking it: the daemon links libcrypto,
   libwebsockets and libmagic this way, so that a daemon that never hashes a file, serves no
   web page and names no file type does not pay for them (merely linking libcrypto costs 1.4 MB
   of resident memory: its symbol tables and relocations; libwebsockets brings libssl too).
   The C targets CCrypto, CMagic and CLibWebSockets each hold the functions they need in a
   table filled with dlsym once, on first use. */
#include <stddef.h>

/* Opens `soname` (RTLD_NOW | RTLD_LOCAL). On failure returns NULL and writes into `error` a
   sentence naming the Debian package that provides the library. */
void *menud_library_open(const char *soname, const char *package, char *error, size_t size);

/* The address of `name` in `library`, or NULL with a sentence in `error` (an older library
   without the function). */
void *menud_library_symbol(void *library, const char *soname, const char *package, const char *name,
                           char *error, size_t size);

/* Writes `message` to standard error and aborts: for a function called although its library
   could not be opened (the Swift callers check the library first and throw a clear error; this
   is the safety net for a caller that does not). */
_Noreturn void menud_library_unavailable(const char *message);

/* Defines, in a library's C file: the table `api` of the functions that FUNCTIONS lists (an
   X-macro: X(name) for each), filled once; `const char *OPEN(void)`, which opens the library
   and returns NULL, or the sentence saying why it cannot be used; and `require()`, for the
   wrappers, which aborts with that sentence. The table's types come from the library's own
   header, so a wrapper cannot disagree with the library about a signature. */
#include <pthread.h>
#define MENUD_SLOT(name) __typeof__(&name) name;
#define MENUD_LOOKUP(name) \
    if (!menud_failed && !(api.name = (__typeof__(&name))menud_library_symbol( \
            menud_handle, menud_soname, menud_package, #name, menud_error, sizeof menud_error))) \
        menud_failed = 1;
#define MENUD_SHARED_LIBRARY(OPEN, SONAME, PACKAGE, FUNCTIONS) \
    static struct { FUNCTIONS(MENUD_SLOT) } api; \
    static const char *const menud_soname = SONAME; \
    static const char *const menud_package = PACKAGE; \
    static char menud_error[512]; \
    static int menud_failed; \
    static pthread_once_t menud_once = PTHREAD_ONCE_INIT; \
    static void menud_load(void) { \
        void *menud_handle = menud_library_open(menud_soname, menud_package, menud_error, sizeof menud_error); \
        if (menud_handle == NULL) { menud_failed = 1; return; } \
        FUNCTIONS(MENUD_LOOKUP) \
    } \
    const char *OPEN(void) { \
        pthread_once(&menud_once, menud_load); \
        return menud_failed ? menud_error : NULL; \
    } \
    static inline void require(void) { \
        if (OPEN() != NULL) menud_library_unavailable(menud_error); \
    }

#endif
