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
#endif
