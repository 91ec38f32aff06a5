/// How much the daemon says on stderr.
public enum LogLevel: String, Sendable, Comparable, CaseIterable {
    case debug, info, warning, error

    private var rank: Int {
        switch self {
        case .debug: 0
        case .info: 1
        case .warning: 2
        case .error: 3
        }
    }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rank < rhs.rank }

    /// The level as a log line without the journal shows it (`INFO`).
    var label: String {
        switch self {
        case .debug: "DEBUG"
        case .info: "INFO"
        case .warning: "WARNING"
        case .error: "ERROR"
        }
    }

    /// syslog priority, for the journal's `<N>` line prefixes.
    var syslogPriority: Int {
        switch self {
        case .debug: 7
        case .info: 6
        case .warning: 4
        case .error: 3
        }
    }
}
