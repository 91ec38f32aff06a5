import CSystemd  // owns sys/socket.h's SOCK_* constants once a file of this module imports it
import Glibc

/// A blocking client for a Unix-domain stream socket, reading newline-terminated lines.
/// Used by `menuctl`, by tests, and by the daemon to ask whether a socket has a live owner.
public final class UnixSocketClient {
    public private(set) var fileDescriptor: Int32
    private var buffer: [UInt8] = []
    private var searchFrom = 0

    /// Connects to `path`. Throws `ENAMETOOLONG` for paths over 107 bytes (the kernel limit),
    /// `ENOENT` when nothing is there, `ECONNREFUSED` when no process listens.
    public init(path: String) throws(SystemError) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            throw SystemError(errno: ENAMETOOLONG, operation: "connect to \(path) (longer than \(capacity - 1) bytes)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemError.current("create a socket") }
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        if result != 0 {
            let error = SystemError.current("connect to \(path)")
            Glibc.close(fd)
            throw error
        }
        fileDescriptor = fd
    }

    deinit { close() }

    public func close() {
        if fileDescriptor >= 0 {
            Glibc.close(fileDescriptor)
            fileDescriptor = -1
        }
    }

    /// Shuts both directions down without closing the descriptor, so a thread blocked in
    /// ``readLine(timeoutMs:)`` wakes up to the end of the stream.
    public func shutdown() {
        if fileDescriptor >= 0 { _ = Glibc.shutdown(fileDescriptor, Int32(SHUT_RDWR)) }
    }

    /// Writes every byte (retrying short writes). A peer that hung up gives `EPIPE`, not a signal.
    public func send(_ bytes: [UInt8]) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.send(fileDescriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw SystemError.current("send")
            }
            offset += written
        }
    }

    /// Sends a string followed by a newline.
    public func sendLine(_ text: String) throws(SystemError) {
        try send(Array(text.utf8) + [0x0A])
    }

    /// The next line without its `\n` (and `\r`), or nil at end of stream. With `timeoutMs`,
    /// throws `ETIMEDOUT` when nothing complete arrives in time.
    public func readLine(timeoutMs: Int? = nil) throws(SystemError) -> [UInt8]? {
        let deadline = timeoutMs.map { MonotonicTime.nowMs() + Int64($0) }
        while true {
            if let newline = buffer[searchFrom...].firstIndex(of: 0x0A) {
                var line = Array(buffer[..<newline])
                if line.last == 0x0D { line.removeLast() }
                buffer.removeSubrange(...newline)
                searchFrom = 0
                return line
            }
            searchFrom = buffer.count
            if let deadline {
                let remaining = deadline - MonotonicTime.nowMs()
                if remaining <= 0 { throw SystemError(errno: ETIMEDOUT, operation: "wait for a reply") }
                guard try waitReadable(timeoutMs: Int32(min(remaining, Int64(Int32.max)))) else {
                    throw SystemError(errno: ETIMEDOUT, operation: "wait for a reply")
                }
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(fileDescriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemError.current("receive")
            }
            if count == 0 {
                if buffer.isEmpty { return nil }
                let rest = buffer
                buffer.removeAll()
                searchFrom = 0
                return rest
            }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// What the socket has now, up to `maximum` bytes, waiting for at least one; nil at the end
    /// of the stream. For a caller that frames lines itself (do not mix with ``readLine(timeoutMs:)``,
    /// which keeps a buffer of its own).
    public func receive(maximum: Int = 65536) throws(SystemError) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fileDescriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 { return Array(chunk[0..<count]) }
            if count == 0 { return nil }
            if errno == EINTR { continue }
            throw SystemError.current("receive")
        }
    }

    /// Waits until the socket is readable (or at end of stream); false on timeout.
    public func waitReadable(timeoutMs: Int32) throws(SystemError) -> Bool {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let result = poll(&descriptor, 1, timeoutMs)
            if result < 0 {
                if errno == EINTR { continue }
                throw SystemError.current("poll")
            }
            return result > 0
        }
    }
}
