#include "CSharedLibrary.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

void *menud_library_open(const char *soname, const char *package, char *error, size_t size) {
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(error, size, "%s could not be loaded (%s); install the package %s (apt install %s)",
                 soname, reason ? reason : "unknown error", package, package);
    }
    return library;
}

void *menud_library_symbol(void *library, const char *soname, const char *package, const char *name,
                           char *error, size_t size) {
    void *address = dlsym(library, name);
    if (address == NULL) {
        snprintf(error, size, "%s has no function %s (an older version?); install the package %s (apt install %s)",
                 soname, name, package, package);
    }
    return address;
}

_Noreturn void menud_library_unavailable(const char *message) {
    char line[1024];
    int length = snprintf(line, sizeof line, "menud: %s\n", message);
    if (length > 0) {
        ssize_t written = write(STDERR_FILENO, line, (size_t)length < sizeof line ? (size_t)length : sizeof line - 1);
        (void)written;
    }
    abort();
}
