#ifndef CLINUX_SHIM_H
#define CLINUX_SHIM_H
/* Linux system calls the Glibc module does not reach: glibc 2.36 has no openat2 wrapper, and
   C variadics (syscall, prctl) cannot be called from Swift; getrandom's header is not in the
   Glibc module, nor is sem_clockwait. Header-only, no library to link. */
#include <fcntl.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/resource.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <semaphore.h>
#include <time.h>
#include <linux/openat2.h>
#include <linux/stat.h>

#ifndef SYS_openat2
#define SYS_openat2 437
#endif
#ifndef MENUD_RENAME_NOREPLACE
#define MENUD_RENAME_NOREPLACE (1 << 0)
#endif

/* openat2(2): resolve `path` from `dirfd` under the `resolve` rules (RESOLVE_BENEATH, ...). */
static inline int menud_openat2(int dirfd, const char *path, uint64_t flags, uint64_t mode, uint64_t resolve) {
    struct open_how how = { .flags = flags, .mode = mode, .resolve = resolve };
    return (int)syscall(SYS_openat2, dirfd, path, &how, sizeof how);
}

/* renameat2(2) with RENAME_NOREPLACE when `noreplace` is non-zero. */
static inline int menud_renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, int noreplace) {
    return (int)syscall(SYS_renameat2, olddirfd, oldpath, newdirfd, newpath, noreplace ? MENUD_RENAME_NOREPLACE : 0);
}

/* What lstat and the birth time say of `path` beneath `dirfd`, a link not followed, in one
   statx(2) call: 0 with `out` filled (has_birth 0 when the file system records no birth
   time), -1 with errno set. st_dev's encoding (glibc's makedev) is kept for `device`. */
struct menud_entry_status {
    uint32_t mode, uid;
    int64_t size, mtime_sec, ctime_sec, birth_sec;
    uint32_t mtime_nsec, ctime_nsec, birth_nsec, has_birth;
    uint64_t inode, device;
};

static inline int menud_entry_status(int dirfd, const char *path, struct menud_entry_status *out) {
    struct statx info;
    if (syscall(SYS_statx, dirfd, path, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS | STATX_BTIME, &info) != 0) return -1;
    out->mode = info.stx_mode;
    out->uid = info.stx_uid;
    out->size = (int64_t)info.stx_size;
    out->mtime_sec = info.stx_mtime.tv_sec;
    out->mtime_nsec = info.stx_mtime.tv_nsec;
    out->ctime_sec = info.stx_ctime.tv_sec;
    out->ctime_nsec = info.stx_ctime.tv_nsec;
    out->has_birth = (info.stx_mask & STATX_BTIME) ? 1 : 0;
    out->birth_sec = info.stx_btime.tv_sec;
    out->birth_nsec = info.stx_btime.tv_nsec;
    out->inode = info.stx_ino;
    uint64_t major = info.stx_dev_major, minor = info.stx_dev_minor;
    out->device = ((major & 0x00000fffULL) << 8) | ((major & 0xfffff000ULL) << 32)
                | (minor & 0x000000ffULL) | ((minor & 0xffffff00ULL) << 12);
    return 0;
}

/* The processors this process may run on (its affinity mask, as taskset or a container's
   cpuset leave it), at least 1; the raw system call, so no _GNU_SOURCE macro is needed. */
static inline int menud_usable_processors(void) {
    uint64_t mask[16] = {0};
    long bytes = syscall(SYS_sched_getaffinity, 0, sizeof mask, mask);
    if (bytes <= 0) return 1;
    int count = 0;
    for (long word = 0; word < bytes / 8; word++) count += __builtin_popcountll(mask[word]);
    return count > 0 ? count : 1;
}

/* gettid(2): the calling thread's id (glibc's wrapper is not exported to Swift). */
static inline int menud_thread_id(void) { return (int)syscall(SYS_gettid); }

/* prctl(PR_SET_NAME): the calling thread's name (15 bytes kept), shown by top -H and ps -L. */
static inline int menud_set_thread_name(const char *name) { return prctl(PR_SET_NAME, name, 0, 0, 0); }

static inline int menud_fcntl_setfl(int fd, int flags) { return fcntl(fd, F_SETFL, flags); }

/* Whether the directory open as `fd` has an entry besides "." and "..": 1, 0, or -1 with errno
   set. Reads the first batch of entries only (getdents64, the raw system call: glibc's wrapper
   needs _GNU_SOURCE), so a directory of a million costs what one of ten does. It moves `fd`'s
   listing position: give it a descriptor nothing lists through. */
static inline int menud_directory_has_entries(int fd) {
    _Alignas(8) char batch[1024];
    for (;;) {
        long bytes = syscall(SYS_getdents64, fd, batch, sizeof batch);
        if (bytes < 0) return -1;
        if (bytes == 0) return 0;
        for (long offset = 0; offset < bytes;) {
            /* struct linux_dirent64: ino (8), off (8), reclen (2), type (1), then the name. */
            unsigned short length;
            memcpy(&length, batch + offset + 16, sizeof length);
            if (length == 0) return -1;
            const char *name = batch + offset + 19;
            if (!(name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0)))) return 1;
            offset += length;
        }
    }
}

static const uint64_t MENUD_RESOLVE_BENEATH = RESOLVE_BENEATH;
static const uint64_t MENUD_RESOLVE_NO_SYMLINKS = RESOLVE_NO_SYMLINKS;
static const uint64_t MENUD_RESOLVE_NO_MAGICLINKS = RESOLVE_NO_MAGICLINKS;
/* sem_clockwait(3) (glibc 2.30): semaphore.h declares it only under _GNU_SOURCE, which the
   Glibc module is not built with. Waits on the monotonic clock, so a change of the wall clock
   neither cuts a timed wait short nor stretches it. */
extern int sem_clockwait(sem_t *sem, clockid_t clock, const struct timespec *abstime);

static inline int menud_sem_wait_monotonic(sem_t *sem, const struct timespec *abstime) {
    return sem_clockwait(sem, CLOCK_MONOTONIC, abstime);
}

#endif
