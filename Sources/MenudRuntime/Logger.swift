import Glibc
import MenudNative
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
        let message = message()
        var line = start(level, capacity: message.utf8.count)
        Logger.append(message, to: &line)
        Logger.writeToStandardError(line)
    }

    /// `log(level, pieces.joined())` without the joined text: each piece is copied into the
    /// line as it is. For the lines every action logs, whose interpolated text cost more to
    /// build than the line to write.
    public func log(_ level: LogLevel, pieces: String...) {
        guard level >= self.level else { return }
        var line = start(level, capacity: pieces.reduce(0) { $0 + $1.utf8.count })
        for piece in pieces { Logger.appendEscapingNewlines(piece, to: &line) }
        line.append(UInt8(ascii: "\n"))
        Logger.writeToStandardError(line)
    }

    /// A line's start: the journal's priority, or the time and the level.
    private func start(_ level: LogLevel, capacity: Int) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(capacity + 40)
        if journal {
            line.append(contentsOf: "<\(level.syslogPriority)>".utf8)
        } else {
            // Bytes, not interpolated text: an action logs two lines, and a `String` for the
            // time and an upper-cased level cost more than the rest of the line.
            Logger.appendTimestamp(to: &line)
            line.append(UInt8(ascii: " "))
            line.append(contentsOf: level.label.utf8)
            line.append(UInt8(ascii: " "))
        }
        return line
    }

    /// `message` with each newline written as `\n`, then a newline.
    static func append(_ message: String, to line: inout [UInt8]) {
        appendEscapingNewlines(message, to: &line)
        line.append(UInt8(ascii: "\n"))
    }

    /// `text` with each newline written as `\n`. A text without one (nearly all) is copied
    /// whole: a byte at a time it cost more than the rest of the line.
    private static func appendEscapingNewlines(_ text: String, to line: inout [UInt8]) {
        guard !hasNoNewline(text) else {
            line.append(contentsOf: text.utf8)
            return
        }
        line.reserveCapacity(line.count + text.utf8.count + 8)
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                line.append(UInt8(ascii: "\\"))
                line.append(UInt8(ascii: "n"))
            } else {
                line.append(byte)
            }
        }
    }

    private static func hasNoNewline(_ message: String) -> Bool {
        var message = message
        message.makeContiguousUTF8()
        let bytes = message.utf8.span
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") { return false }
        return true
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

    /// Local time as `2025-11-30 17:14:57.658`, its digits written as bytes (interpolating each
    /// padded field made a dozen small strings per log line).
    static func timestamp() -> String {
        var text: [UInt8] = []
        appendTimestamp(to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    private static func appendTimestamp(to text: inout [UInt8]) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        CalendarTime.local(epochSeconds: Int64(now.tv_sec)).appendTimestamp(separator: UInt8(ascii: " "), to: &text)
        text.append(UInt8(ascii: "."))
        CalendarTime.appendDigits(Int(now.tv_nsec / 1_000_000), 3, to: &text)
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
