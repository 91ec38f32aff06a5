/// A WebSocket close status code (RFC 6455, section 7.4).
public struct WebSocketCloseCode: RawRepresentable, Sendable, Equatable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let normal = WebSocketCloseCode(rawValue: 1000)
    /// The server is shutting down.
    public static let goingAway = WebSocketCloseCode(rawValue: 1001)
    public static let policyViolation = WebSocketCloseCode(rawValue: 1008)
    /// A message over the size limit.
    public static let messageTooBig = WebSocketCloseCode(rawValue: 1009)
    /// Too many connections, or a client that does not read what it asked for.
    public static let tryAgainLater = WebSocketCloseCode(rawValue: 1013)
}
