#include "CSystemd.h"
#include "CSharedLibrary.h"

#define FUNCTIONS(X) X(sd_listen_fds) X(sd_is_socket_unix) X(sd_notify)
MENUD_SHARED_LIBRARY(menud_systemd_library_open, "libsystemd.so.0", "libsystemd0", FUNCTIONS)

int menud_sd_listen_fds(int unset_environment) { require(); return api.sd_listen_fds(unset_environment); }
int menud_sd_is_socket_unix(int fd, int type, int listening, const char *path, size_t length) {
    require();
    return api.sd_is_socket_unix(fd, type, listening, path, length);
}
int menud_sd_notify(int unset_environment, const char *state) { require(); return api.sd_notify(unset_environment, state); }
