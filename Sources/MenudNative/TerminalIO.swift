import Glibc

/// Plain reads and writes on a terminal or pipe descriptor, retrying interrupted calls.
public enum TerminalIO {
    /// Whether `fileDescriptor` is a terminal.
    public static func isTerminal(_ fileDescriptor: Int32) -> Bool {
        isatty(fileDescriptor) == 1
    }

    /// What is there to read now, at most `maximum` bytes, blocking until something is (call it
    /// after ``TerminalPoller/wait(_:timeoutMs:)`` said the descriptor is ready). `nil` at end of
    /// file, and for a terminal whose other side is gone (`EIO`). A non-blocking descriptor with
    /// nothing to read gives an empty array.
    public static func read(_ fileDescriptor: Int32, maximum: Int = 4096) throws(SystemError) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = Glibc.read(fileDescriptor, &buffer, maximum)
            if count > 0 { return Array(buffer[0..<count]) }
            if count == 0 { return nil }
            switch errno {
            case EINTR: continue
            case EAGAIN: return []
            case EIO: return nil
            default: throw SystemError.current("read from file descriptor \(fileDescriptor)")
            }
        }
    }

    /// Writes every byte of `bytes`, retrying short and interrupted writes. A reader that went away
    /// gives `EPIPE` (when `SIGPIPE` is ignored) instead of killing the process.
    public static func write(_ fileDescriptor: Int32, _ bytes: [UInt8]) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withContiguousStorageIfAvailable { part in
                Glibc.write(fileDescriptor, part.baseAddress, part.count)
            } ?? -1
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    var entry = [pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)]
                    _ = poll(&entry, 1, 1000)
                    continue
                }
                throw SystemError.current("write to file descriptor \(fileDescriptor)")
            }
            offset += written
        }
    }

    /// Waits until everything written to the terminal `fileDescriptor` has been sent (`tcdrain`);
    /// does nothing for other descriptors.
    public static func drain(_ fileDescriptor: Int32) {
        guard isTerminal(fileDescriptor) else { return }
        while tcdrain(fileDescriptor) != 0 && errno == EINTR {}
    }

    /// Ignores `SIGPIPE` for the whole process, so that writing to a closed pipe or socket fails with
    /// `EPIPE` instead of ending the process.
    public static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes `text` to standard error, ignoring failures (there is nowhere left to report them).
    public static func writeError(_ text: String) {
        try? write(STDERR_FILENO, Array(text.utf8))
    }
}
