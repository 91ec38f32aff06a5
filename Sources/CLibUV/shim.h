#ifndef CLIBUV_SHIM_H
#define CLIBUV_SHIM_H
#include <uv.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <errno.h>
#include <sys/types.h>

/* Same layout as glibc's struct ucred, which is only visible with _GNU_SOURCE. */
struct menud_ucred {
    pid_t pid;
    uid_t uid;
    gid_t gid;
};
#include <sys/syscall.h>
#include <unistd.h>

/* close_range(first, ~0U, CLOSE_RANGE_CLOEXEC) (Linux 5.11): every descriptor from `first` up
   becomes close-on-exec, so a spawned program inherits none of them. Returns -1 with errno set
   (ENOSYS on older kernels). glibc declares close_range only with _GNU_SOURCE. */
static inline int menud_close_on_exec_from(unsigned int first) {
#ifdef SYS_close_range
    return (int)syscall(SYS_close_range, first, ~0U, 4U /* CLOSE_RANGE_CLOEXEC */);
#else
    (void)first;
    errno = ENOSYS;
    return -1;
#endif
}

/* accept4(2), which <sys/socket.h> declares only under _GNU_SOURCE: accepts with the new
   descriptor close-on-exec and non-blocking from the start. */
int accept4(int fd, struct sockaddr *addr, socklen_t *addrlen, int flags);
static inline int menud_accept(int fd) { return accept4(fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK); }
#endif
