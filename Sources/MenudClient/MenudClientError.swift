/// Why a ``MenudClient`` call got no answer. An error *answer* of the daemon is thrown as the
/// protocol's `RPCError` instead.
public enum MenudClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing answers on the socket: `socket` and the system's reason.
    case cannotConnect(socket: String, reason: String)
    /// The connection ended (closed by either side, or it failed) before the answer came.
    case closed(String)
    /// The answer does not have the shape the protocol gives it: the method and what is wrong.
    case unreadableAnswer(method: String, reason: String)

    public var description: String {
        switch self {
        case .cannotConnect(let socket, let reason):
            "no daemon answers on \(socket) (\(reason)); start one with `menud --root DIR`, or give the socket it listens on"
        case .closed(let reason):
            "the connection to menud ended before the answer: \(reason)"
        case .unreadableAnswer(let method, let reason):
            "menud's answer to \(method) is not what the protocol says: \(reason)"
        }
    }
}
