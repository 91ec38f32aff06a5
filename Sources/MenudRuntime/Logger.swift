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
        let message = message()
        var line: [UInt8] = []
        line.reserveCapacity(message.utf8.count + 40)
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
        Logger.append(message, to: &line)
        Logger.writeToStandardError(line)
    }

    /// `message` with each newline written as `\n`, then a newline.
    private static func append(_ message: String, to line: inout [UInt8]) {
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
        var seconds = now.tv_sec
        var parts = tm()
        localtime_r(&seconds, &parts)
        appendPadded(Int(parts.tm_year) + 1900, 4, to: &text)
        text.append(UInt8(ascii: "-"))
        appendPadded(Int(parts.tm_mon) + 1, 2, to: &text)
        text.append(UInt8(ascii: "-"))
        appendPadded(Int(parts.tm_mday), 2, to: &text)
        text.append(UInt8(ascii: " "))
        appendPadded(Int(parts.tm_hour), 2, to: &text)
        text.append(UInt8(ascii: ":"))
        appendPadded(Int(parts.tm_min), 2, to: &text)
        text.append(UInt8(ascii: ":"))
        appendPadded(Int(parts.tm_sec), 2, to: &text)
        text.append(UInt8(ascii: "."))
        appendPadded(Int(now.tv_nsec / 1_000_000), 3, to: &text)
    }

    /// `value` in decimal with zeros in front up to `width` characters.
    private static func appendPadded(_ value: Int, _ width: Int, to text: inout [UInt8]) {
        if value < 0 {
            let digits = Array(String(value).utf8)
            for _ in digits.count..<max(width, digits.count) { text.append(UInt8(ascii: "0")) }
            text.append(contentsOf: digits)
            return
        }
        var digits = InlineArray<20, UInt8>(repeating: 0)
        var count = 0
        var rest = value
        repeat {
            digits[count] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            count += 1
        } while rest > 0
        for _ in count..<max(width, count) { text.append(UInt8(ascii: "0")) }
        for index in stride(from: count - 1, through: 0, by: -1) { text.append(digits[index]) }
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
