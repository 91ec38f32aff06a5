#ifndef CSYSTEMD_H
#define CSYSTEMD_H
/* libsystemd, opened on first use (CSharedLibrary.h says why): only a daemon that systemd
   started (LISTEN_FDS or NOTIFY_SOCKET in its environment) loads it and the libraries it brings
   (libgcrypt, liblz4, libzstd, liblzma, libcap: about 1 MB resident). Swift calls the menud_
   functions, each the libsystemd function of the same name without the prefix. */
#include <systemd/sd-daemon.h>
/* glibc's allocator controls (malloc_trim), which the Glibc module does not export. */
#include <malloc.h>

/* Opens libsystemd: NULL, or the sentence saying why it cannot be used (naming the package). */
const char *menud_systemd_library_open(void);

int menud_sd_listen_fds(int unset_environment);
int menud_sd_is_socket_unix(int fd, int type, int listening, const char *path, size_t length);
int menud_sd_notify(int unset_environment, const char *state);

#endif
