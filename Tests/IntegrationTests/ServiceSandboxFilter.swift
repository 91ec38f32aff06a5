import Foundation

/// The seccomp filters systemd installs for `MemoryDenyWriteExecute=yes`,
/// `RestrictAddressFamilies=` and `SystemCallArchitectures=native`, rebuilt in a few lines of
/// Python (ctypes and prctl, standard library only) so a test can run menud under them without
/// a service manager. Like systemd's, the filters refuse:
/// - `socket()` for an address family not listed (`EAFNOSUPPORT`);
/// - `mmap` asking for memory both writable and executable, `mprotect`/`pkey_mprotect` adding
///   `PROT_EXEC`, `shmat` with `SHM_EXEC` (`EPERM`);
/// - system calls of another architecture (the process is killed).
/// `NoNewPrivileges=yes` comes with it: seccomp requires it.
enum ServiceSandboxFilter {
    /// Arguments for `python3` that install the filter and exec `command`; `families` are the
    /// address family numbers allowed (1 is AF_UNIX, 2 AF_INET, 10 AF_INET6, 16 AF_NETLINK).
    static func arguments(families: [Int], command: [String]) -> [String] {
        ["-c", script, families.map(String.init).joined(separator: ",")] + command
    }

    static let script = #"""
import ctypes, os, platform, struct, sys

machine = platform.machine()
if machine == "x86_64":
    AUDIT_ARCH = 0xC000003E
    NR = {"socket": 41, "mmap": 9, "mprotect": 10, "pkey_mprotect": 329, "shmat": 30}
elif machine == "aarch64":
    AUDIT_ARCH = 0xC00000B7
    NR = {"socket": 198, "mmap": 222, "mprotect": 226, "pkey_mprotect": 288, "shmat": 196}
else:
    sys.exit("no syscall table for " + machine)
families = [int(x) for x in sys.argv[1].split(",")]

# Classic BPF over struct seccomp_data {u32 nr; u32 arch; u64 ip; u64 args[6]} (little endian).
LOAD, JEQ, JSET, RET = 0x20, 0x15, 0x45, 0x06
ALLOW, KILL = 0x7FFF0000, 0x80000000
EPERM, EAFNOSUPPORT = 1, 97
PROT_WRITE, PROT_EXEC, SHM_EXEC = 2, 4, 0o100000
def refuse(errno): return 0x00050000 | errno
def arg(i): return 16 + 8 * i
program = []
def op(code, k, jump_true=0, jump_false=0): program.append((code, jump_true, jump_false, k))

op(LOAD, 4); op(JEQ, AUDIT_ARCH, 1, 0); op(RET, KILL)          # native architecture only
op(LOAD, 0); op(JEQ, NR["socket"], 0, len(families) + 3)          # socket(): listed families
op(LOAD, arg(0))
for index, family in enumerate(families):
    op(JEQ, family, len(families) - index, 0)
op(RET, refuse(EAFNOSUPPORT)); op(RET, ALLOW)
op(LOAD, 0); op(JEQ, NR["mmap"], 0, 5)                            # mmap(): not W and X
op(LOAD, arg(2)); op(JSET, PROT_WRITE, 0, 2); op(JSET, PROT_EXEC, 0, 1)
op(RET, refuse(EPERM)); op(RET, ALLOW)
op(LOAD, 0); op(JEQ, NR["mprotect"], 1, 0); op(JEQ, NR["pkey_mprotect"], 0, 3)
op(LOAD, arg(2)); op(JSET, PROT_EXEC, 0, 1); op(RET, refuse(EPERM))  # no PROT_EXEC later
op(LOAD, 0); op(JEQ, NR["shmat"], 0, 3)
op(LOAD, arg(2)); op(JSET, SHM_EXEC, 0, 1); op(RET, refuse(EPERM))
op(RET, ALLOW)

code = b"".join(struct.pack("HBBI", *instruction) for instruction in program)
buffer = ctypes.create_string_buffer(code, len(code))
class SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]
fprog = SockFprog(len(program), ctypes.addressof(buffer))
libc = ctypes.CDLL(None, use_errno=True)
libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong]
PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 38, 22, 2
if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, None, 0, 0) != 0:
    sys.exit("PR_SET_NO_NEW_PRIVS failed: " + os.strerror(ctypes.get_errno()))
if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
    sys.exit("PR_SET_SECCOMP failed: " + os.strerror(ctypes.get_errno()))
os.execv(sys.argv[2], sys.argv[2:])
"""#
}
