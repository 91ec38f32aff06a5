import CSystemd
import Glibc

/// systemd's service protocol through libsystemd: socket activation and readiness reports.
/// Without systemd (no `LISTEN_FDS`, no `NOTIFY_SOCKET`) every call is a harmless no-op, and
/// libsystemd is never loaded (CSystemd.h).
public enum Systemd {
    /// Why libsystemd could not be loaded although systemd started the daemon (the package to
    /// install), or nil. Read after a call that returned nothing.
    public static var unavailable: String? {
        menud_systemd_library_open().map { String(cString: $0) }
    }

    /// File descriptors passed by socket activation (starting at 3), after checking they are
    /// meant for this process. The environment variables are removed so children do not
    /// inherit them.
    public static func listenDescriptors() -> [Int32] {
        guard getenv("LISTEN_FDS") != nil, menud_systemd_library_open() == nil else { return [] }
        let count = menud_sd_listen_fds(1)
        guard count > 0 else { return [] }
        return (0..<count).map { SD_LISTEN_FDS_START + $0 }
    }

    /// True when `descriptor` is a listening Unix stream socket (asked only of descriptors that
    /// socket activation passed, so libsystemd is loaded by then).
    public static func isListeningUnixStream(_ descriptor: Int32) -> Bool {
        guard menud_systemd_library_open() == nil else { return false }
        return menud_sd_is_socket_unix(descriptor, Int32(SOCK_STREAM.rawValue), 1, nil, 0) > 0
    }

    /// Sends a state string such as `"READY=1\nSTATUS=watching /x"` to the service manager.
    /// Returns false when there is no manager to tell (or the send failed).
    @discardableResult
    public static func notify(_ state: String) -> Bool {
        guard getenv("NOTIFY_SOCKET") != nil, menud_systemd_library_open() == nil else { return false }
        return menud_sd_notify(0, state) > 0
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
