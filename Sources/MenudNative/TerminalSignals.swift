import Glibc
import Synchronization

/// The write end of the pipe the handler writes to; -1 when no ``TerminalSignals`` is installed.
/// An atomic, because the signal handler reads it (an atomic load is async-signal-safe).
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// Turns signals into bytes on a pipe (the self-pipe trick), so that a `poll` loop sees
/// `SIGWINCH`, `SIGINT` or `SIGTERM` like any other input and handles it at a safe point: restore
/// the terminal, erase the menu, tell the daemon.
///
/// One instance at a time per process (the handler has a single pipe to write to); ``restore()``
/// puts the default dispositions back and closes the pipe. The handler writes the signal number as
/// one byte and nothing else; the pipe is non-blocking, so a burst of signals never blocks it (extra
/// bytes are dropped when the pipe is full, and the loop still sees at least one).
public final class TerminalSignals {
    /// The read end: poll it, then call ``pending()``.
    public let fileDescriptor: Int32
    private let writeEnd: Int32
    private let signals: [Int32]
    private var restored = false

    /// Installs the handler for each of `signals`. Throws when the pipe cannot be made or another
    /// instance is installed.
    public init(signals: [Int32]) throws(SystemError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SystemError.current("create the signal pipe") }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        guard signalPipeWriteEnd.compareExchange(expected: -1, desired: ends[1], ordering: .sequentiallyConsistent).exchanged else {
            close(ends[0])
            close(ends[1])
            throw SystemError(errno: EBUSY, operation: "install signal handlers (another TerminalSignals is active)")
        }
        fileDescriptor = ends[0]
        writeEnd = ends[1]
        self.signals = signals
        for number in signals {
            signal(number) { number in
                let saved = errno
                let descriptor = signalPipeWriteEnd.load(ordering: .relaxed)
                if descriptor >= 0 {
                    var byte = UInt8(truncatingIfNeeded: number)
                    _ = write(descriptor, &byte, 1)
                }
                errno = saved
            }
        }
    }

    deinit { restore() }

    /// The signals received since the last call, oldest first, each once per delivery (empty when
    /// none came).
    public func pending() -> [Int32] {
        var received: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(fileDescriptor, &buffer, buffer.count)
            if count > 0 {
                received += buffer[0..<count].map { Int32($0) }
                continue
            }
            if count < 0 && errno == EINTR { continue }
            return received
        }
    }

    /// Puts the default disposition back for every signal and closes the pipe. Safe to call twice.
    public func restore() {
        guard !restored else { return }
        restored = true
        for number in signals { signal(number, SIG_DFL) }
        signalPipeWriteEnd.store(-1, ordering: .sequentiallyConsistent)
        close(fileDescriptor)
        close(writeEnd)
    }
}
