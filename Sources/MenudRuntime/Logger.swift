import Foundation
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
        let text = message().replacingOccurrences(of: "\n", with: "\\n")
        let line: String
        if journal {
            line = "<\(level.syslogPriority)>\(text)\n"
        } else {
            line = "\(Logger.timestamp()) \(level.rawValue.uppercased()) \(text)\n"
        }
        FileHandle.standardError.write(Data(line.utf8))
    }

    private static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        localtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d.%03d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec, Int(now.tv_nsec / 1_000_000))
    }

    /// True when `JOURNAL_STREAM` ("device:inode") matches stderr.
    public static func stderrIsJournal() -> Bool {
        guard let value = ProcessInfo.processInfo.environment["JOURNAL_STREAM"] else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var info = stat()
        guard fstat(2, &info) == 0 else { return false }
        return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }
}
