import Glibc
import Synchronization

/// One line per event worth knowing, on stderr. When stderr is connected to the systemd
/// journal (`JOURNAL_STREAM` names stderr's device and inode), each line starts with a syslog
/// priority prefix such as `<4>` so `journalctl -p warning` can filter; otherwise it starts
/// with a timestamp and the level.
public final class Logger: Sendable {
    private struct State {
        var level: LogLevel
        var onceKeys: Set<String> = []
    }
    private let state: Mutex<State>
    private let journal: Bool

    public init(level: LogLevel, journal: Bool = Logger.stderrIsJournal()) {
        state = Mutex(State(level: level))
        self.journal = journal
    }

    public var level: LogLevel {
        get { state.withLock { $0.level } }
        set { state.withLock { $0.level = newValue } }
    }

    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }

    /// Logs `message` only the first time `key` is seen (until `forget(key)`).
    public func once(_ key: String, _ level: LogLevel, _ message: @autoclosure () -> String) {
        let first = state.withLock { $0.onceKeys.insert(key).inserted }
        if first { log(level, message()) }
    }

    public func forget(_ key: String) {
        _ = state.withLock { $0.onceKeys.remove(key) }
    }

    public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        guard level >= self.level else { return }
        let line = journal
            ? Logger.line(prefix: "<\(level.syslogPriority)>", message: message())
            : Logger.line(prefix: "\(Logger.timestamp()) \(level.rawValue.uppercased()) ", message: message())
        Logger.writeToStandardError(line)
    }

    /// `prefix`, then `message` with each newline written as `\n`, then a newline: one line.
    static func line(prefix: String, message: String) -> [UInt8] {
        var line = Array(prefix.utf8)
        line.reserveCapacity(line.count + message.utf8.count + 8)
        for byte in message.utf8 {
            if byte == UInt8(ascii: "\n") {
                line.append(UInt8(ascii: "\\"))
                line.append(UInt8(ascii: "n"))
            } else {
                line.append(byte)
            }
        }
        line.append(UInt8(ascii: "\n"))
        return line
    }

    /// Plain `write(2)`: Foundation's `FileHandle` and `String(format:)` would bring pages of
    /// Foundation into memory for one line of text.
    private static func writeToStandardError(_ line: [UInt8]) {
        var rest = line
        while !rest.isEmpty {
            let written = write(2, rest, rest.count)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            rest.removeFirst(written)
        }
    }

    /// Local time as `2025-11-30 17:14:57.658`.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        localtime_r(&seconds, &parts)
        return "\(padded(Int(parts.tm_year) + 1900, 4))-\(padded(Int(parts.tm_mon) + 1, 2))-\(padded(Int(parts.tm_mday), 2)) "
            + "\(padded(Int(parts.tm_hour), 2)):\(padded(Int(parts.tm_min), 2)):\(padded(Int(parts.tm_sec), 2))."
            + padded(Int(now.tv_nsec / 1_000_000), 3)
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// True when `JOURNAL_STREAM` ("device:inode") matches stderr.
    public static func stderrIsJournal() -> Bool {
        guard let raw = getenv("JOURNAL_STREAM") else { return false }
        let parts = String(cString: raw).split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var info = stat()
        guard fstat(2, &info) == 0 else { return false }
        return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }
}
