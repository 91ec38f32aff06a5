import Foundation
import Glibc

/// A non-blocking TCP client driven from the test thread between turns of the server's loop:
/// `pump()` writes what the kernel takes of the outbox and reads what has arrived.
final class TestSocket {
    let descriptor: Int32
    private(set) var inbox: [UInt8] = []
    private var outbox: [UInt8] = []
    /// The server closed (read returned 0) or the connection failed.
    private(set) var isClosed = false
    /// When false, nothing is read (a client that stopped reading).
    var isReading = true

    init(host: String, port: Int) throws {
        let isIPv6 = host.contains(":")
        descriptor = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw TestSocketError("socket: \(errno)") }
        let result: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET6, host, &address.sin6_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET, host, &address.sin_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        // A loopback connect completes at once (the server's backlog accepts it).
        guard result == 0 else {
            let code = errno
            close(descriptor)
            throw TestSocketError("connect to \(host):\(port): errno \(code)")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(descriptor) }

    func send(_ bytes: [UInt8]) { outbox.append(contentsOf: bytes) }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// Bytes handed to `send` the kernel has not taken yet.
    var unsent: Int { outbox.count }

    /// One round of non-blocking writing and reading.
    func pump() {
        while !outbox.isEmpty && !isClosed {
            let wrote = outbox.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if wrote > 0 { outbox.removeFirst(wrote) } else { break }
        }
        guard isReading else { return }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !isClosed {
            let got = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if got > 0 {
                inbox.append(contentsOf: buffer[0..<got])
            } else if got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                isClosed = true
            } else {
                break
            }
        }
    }

    /// Removes and returns the first `count` bytes of the inbox.
    func take(_ count: Int) -> [UInt8] {
        let bytes = Array(inbox.prefix(count))
        inbox.removeFirst(bytes.count)
        return bytes
    }
}

