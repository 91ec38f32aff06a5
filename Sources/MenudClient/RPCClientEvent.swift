import MenudProtocol

/// What an ``RPCClientSession`` finds in the bytes it is fed.
public enum RPCClientEvent<Waiter> {
    /// A line as it came, without its line end (only with ``RPCClientSession/reportsLines``).
    case line([UInt8])
    /// The answer to a request of the session, with the request's method and waiter.
    case answer(RPCResponse, method: String, waiter: Waiter)
    /// A notification of the daemon's.
    case notification(ServerNotification)
    /// The stream ended; these requests get no answer.
    case ended([(id: RPCId, method: String, waiter: Waiter)])
}

extension RPCClientEvent: Sendable where Waiter: Sendable {}
