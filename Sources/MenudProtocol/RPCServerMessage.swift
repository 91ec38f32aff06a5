import MenudJSON

/// What one line from the daemon decodes to, on the client side.
public enum RPCServerMessage: Sendable, Equatable {
    /// The answer to one request.
    case response(RPCResponse)
    /// The answers to a batch, in the order the daemon sent them.
    case batch([RPCResponse])
    /// A server-to-client notification such as `files.changed` or `action.progress`.
    case notification(method: String, params: JSONObject)
}
