/* For profiling only (bench/profile/callgrind.py preloads it): valgrind 3.19 does not know
 * the openat2 system call (437), which the daemon reaches through glibc's syscall(); without
 * this the crawl fails under valgrind and no file is tracked. openat2 becomes a plain openat,
 * without the RESOLVE_* checks: never use it outside a profiling run on a tree of your own. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdarg.h>

long syscall(long number, ...) {
    va_list ap;
    va_start(ap, number);
    long a[6];
    for (int i = 0; i < 6; i++) a[i] = va_arg(ap, long);
    va_end(ap);
    if (number == 437) {
        struct open_how *how = (struct open_how *)a[2];
        return openat((int)a[0], (const char *)a[1], (int)how->flags, (int)how->mode);
    }
    static long (*real)(long, ...);
    if (!real) real = (long (*)(long, ...))dlsym(RTLD_NEXT, "syscall");
    return real(number, a[0], a[1], a[2], a[3], a[4], a[5]);
}
