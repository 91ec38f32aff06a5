/// How much the daemon logs, from most to least.
public enum ConfigLogLevel: String, Sendable, CaseIterable, Comparable {
    case debug
    case info
    case warning
    case error

    public static func < (lhs: ConfigLogLevel, rhs: ConfigLogLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
