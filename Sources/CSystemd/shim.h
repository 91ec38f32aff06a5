#ifndef CSystemd_SHIM_H
#define CSystemd_SHIM_H
#include <systemd/sd-daemon.h>
/* glibc's allocator controls (malloc_trim), which the Glibc module does not export. */
#include <malloc.h>
#endif
