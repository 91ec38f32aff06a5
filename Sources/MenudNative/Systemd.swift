import CLinux
import Glibc

/// systemd's service protocol: socket activation and readiness reports, written out here (the
/// protocol is a few environment variables and one datagram) rather than through libsystemd,
/// which with its own dependencies (libgcrypt, liblz4, libzstd...) cost about 1 MB of an idle
/// daemon's memory. Without systemd (no `LISTEN_FDS`, no `NOTIFY_SOCKET`) every call is a
/// harmless no-op.
public enum Systemd {
    /// The first descriptor socket activation passes (`SD_LISTEN_FDS_START`).
    static let firstListenDescriptor: Int32 = 3

    /// File descriptors passed by socket activation (starting at 3), after checking they are
    /// meant for this process (`LISTEN_PID`); made close-on-exec. The environment variables
    /// are removed so children do not inherit them (as `sd_listen_fds(1)`).
    public static func listenDescriptors() -> [Int32] {
        defer {
            unsetenv("LISTEN_PID")
            unsetenv("LISTEN_FDS")
            unsetenv("LISTEN_FDNAMES")
        }
        guard let pid = variable("LISTEN_PID").flatMap({ pid_t($0) }), pid == getpid(),
              let count = variable("LISTEN_FDS").flatMap({ Int32($0) }), count > 0, count < 4096 else { return [] }
        let descriptors = (0..<count).map { firstListenDescriptor + $0 }
        for descriptor in descriptors { _ = menud_fcntl_set_cloexec(descriptor) }
        return descriptors
    }

    /// True when `descriptor` is a listening Unix stream socket (as `sd_is_socket_unix`).
    public static func isListeningUnixStream(_ descriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return false }
        guard option(SO_TYPE, of: descriptor) == Int32(SOCK_STREAM.rawValue), option(SO_ACCEPTCONN, of: descriptor) == 1 else { return false }
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return named == 0 && address.ss_family == sa_family_t(AF_UNIX)
    }

    /// Sends a state string such as `"READY=1\nSTATUS=watching /x"` to the service manager, one
    /// datagram to `$NOTIFY_SOCKET` (a path, or `@name` for an abstract socket). Returns false
    /// when there is no manager to tell (or the send failed).
    @discardableResult
    public static func notify(_ state: String) -> Bool {
        guard let target = variable("NOTIFY_SOCKET"), target.hasPrefix("/") || target.hasPrefix("@") else { return false }
        var name = Array(target.utf8)
        if name[0] == UInt8(ascii: "@") { name[0] = 0 }
        var address = sockaddr_un()
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard name.count < capacity else { return false }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: name)
        }
        let socketNumber = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketNumber >= 0 else { return false }
        defer { close(socketNumber) }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + name.count + (name[0] == 0 ? 0 : 1))
        let message = Array(state.utf8)
        let sent = message.withUnsafeBytes { bytes in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(socketNumber, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), $0, length)
                }
            }
        }
        return sent == message.count
    }

    private static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    private static func option(_ name: Int32, of descriptor: Int32) -> Int32? {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, name, &value, &length) == 0 else { return nil }
        return value
    }
}

extension Systemd {
    /// The filesystem path a Unix socket descriptor is bound to (`getsockname`), or nil for
    /// an unbound or abstract socket.
    public static func boundPath(of descriptor: Int32) -> String? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let result = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0, address.sun_family == sa_family_t(AF_UNIX) else { return nil }
        let path: String? = withUnsafeBytes(of: &address.sun_path) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let first = bytes.first, first != 0 else { return nil }
            let end = bytes.firstIndex(of: 0) ?? bytes.count
            return String(decoding: bytes[0..<end], as: UTF8.self)
        }
        return path
    }
}
