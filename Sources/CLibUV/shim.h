#ifndef CLIBUV_SHIM_H
#define CLIBUV_SHIM_H
#include <uv.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <sys/types.h>

/* Same layout as glibc's struct ucred, which is only visible with _GNU_SOURCE. */
struct menud_ucred {
    pid_t pid;
    uid_t uid;
    gid_t gid;
};

/* accept4(2), which <sys/socket.h> declares only under _GNU_SOURCE: accepts with the new
   descriptor close-on-exec and non-blocking from the start. */
int accept4(int fd, struct sockaddr *addr, socklen_t *addrlen, int flags);
static inline int menud_accept(int fd) { return accept4(fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK); }
#endif
