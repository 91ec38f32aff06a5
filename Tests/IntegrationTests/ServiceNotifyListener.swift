import Foundation
import Glibc

/// Plays systemd's side of `sd_notify`: a Unix datagram socket whose path goes into
/// `NOTIFY_SOCKET`, collecting the state messages ("READY=1\nSTATUS=…") a service sends.
final class ServiceNotifyListener {
    let path: String
    private let descriptor: Int32
    /// Every message received so far, in order.
    private(set) var messages: [String] = []

    init(path: String) throws {
        self.path = path
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw DaemonTestError("the notify socket path \(path) is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw DaemonTestError("socket(AF_UNIX, SOCK_DGRAM) failed: \(String(cString: strerror(errno)))") }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else {
            let message = String(cString: strerror(errno))
            Glibc.close(fd)
            throw DaemonTestError("cannot bind the notify socket \(path): \(message)")
        }
        descriptor = fd
    }

    deinit {
        Glibc.close(descriptor)
        unlink(path)
    }

    /// The next datagram, or nil when none arrives within `timeoutMs`.
    func receive(timeoutMs: Int32) -> String? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, timeoutMs) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let message = String(decoding: buffer[0..<count], as: UTF8.self)
        messages.append(message)
        return message
    }

    /// Receives until a message satisfies `predicate` and returns it; nil after `timeout`.
    func waitFor(timeout: TimeInterval = 10, _ predicate: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let remaining = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            guard remaining > 0, let message = receive(timeoutMs: remaining) else { return nil }
            if predicate(message) { return message }
        }
    }

    /// The `KEY=value` lines of one message.
    static func fields(_ message: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in message.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return fields
    }
}
