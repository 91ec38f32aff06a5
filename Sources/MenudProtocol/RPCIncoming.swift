/// What one line from a client decodes to, and how to answer it:
/// - `.single(item)`: one request (answer it unless it is a notification) or one invalid message
///   (answer its error).
/// - `.batch(items)`: a non-empty batch; answer with one array holding a response for each item
///   that is not a notification, or send nothing when every item is a notification.
/// - `.parseError(error)`: the line is not JSON; answer `error` with id null and keep the
///   connection open.
/// - `.emptyBatch(error)`: the line is `[]`; answer `error` (-32600) with id null, as a single
///   response rather than an array.
public enum RPCIncoming: Sendable, Equatable {
    case single(RPCIncomingItem)
    case batch([RPCIncomingItem])
    case parseError(RPCError)
    case emptyBatch(RPCError)
}
