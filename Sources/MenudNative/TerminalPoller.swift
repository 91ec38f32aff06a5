import Glibc

/// Waits on several file descriptors at once with `poll(2)`: the keyboard, the daemon's socket and
/// a signal pipe (``TerminalSignals``), so that one blocking loop serves all three.
public enum TerminalPoller {
    /// The descriptors of `descriptors` that are ready: readable, at end of file, hung up or in
    /// error (a read then tells which). Empty when `timeoutMs` passed first (`-1` waits without
    /// limit) or when a signal interrupted the wait: the caller then looks at its signal pipe.
    public static func wait(_ descriptors: [Int32], timeoutMs: Int32) throws(SystemError) -> [Int32] {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let result = poll(&entries, nfds_t(entries.count), timeoutMs)
        if result < 0 {
            if errno == EINTR { return [] }
            throw SystemError.current("poll")
        }
        let interesting = Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL)
        return entries.filter { $0.revents & interesting != 0 }.map(\.fd)
    }
}
