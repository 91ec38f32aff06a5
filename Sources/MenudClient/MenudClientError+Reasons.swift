import MenudNative

/// The failures every driver of an ``RPCClientSession`` meets, worded once.
extension MenudClientError {
    /// Nothing answers on `socketPath`.
    public static func cannotConnect(socket socketPath: String, _ error: SystemError) -> MenudClientError {
        .cannotConnect(socket: socketPath, reason: error.message)
    }

    /// A request could not be written; the connection is over.
    public static func sendingFailed(_ error: SystemError) -> MenudClientError {
        .closed("sending failed: \(error.message)")
    }

    /// The socket could not be read; the connection is over.
    public static func readingFailed(_ error: SystemError) -> MenudClientError {
        .closed("reading failed: \(error.message)")
    }

    /// The daemon ended the stream.
    public static let closedByDaemon = MenudClientError.closed("the daemon closed the connection")

    /// What went wrong, without the advice around it.
    public var reason: String {
        switch self {
        case .cannotConnect(_, let reason), .closed(let reason): reason
        case .unreadableAnswer: description
        }
    }
}
