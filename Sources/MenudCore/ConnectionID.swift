/// Identifies one client connection for the life of the daemon (the runtime numbers them).
public struct ConnectionID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number.
    public let rawValue: UInt64

    /// The connection numbered `rawValue`.
    public init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Orders by number.
    public static func < (lhs: ConnectionID, rhs: ConnectionID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `"c<number>"`, for logs.
    public var description: String { "c\(rawValue)" }
}
