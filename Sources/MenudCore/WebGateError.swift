/// A gate that cannot be built from what it was given.
public enum WebGateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The secret is too short, too long, or has characters that would need escaping in a URL
    /// or a cookie.
    case unusableSecret(length: Int)
    /// No address to accept in the `Host` header.
    case noHosts

    public var description: String {
        switch self {
        case .unusableSecret(let length):
            "the web secret must be \(WebRequestGate.secretLengths.lowerBound) to \(WebRequestGate.secretLengths.upperBound) letters, digits, '-' or '_' (it goes into URLs and cookies unchanged); this one has \(length) characters"
        case .noHosts:
            "the web gate needs at least one listening address to accept in the Host header"
        }
    }
}
