/// One element of what a client sent: a request to serve, or a message that is not a valid request
/// and is answered with `error` under `id` (`.null` when no id could be read).
public enum RPCIncomingItem: Sendable, Equatable {
    case request(RPCRequest)
    case invalid(id: RPCId, error: RPCError)
}
