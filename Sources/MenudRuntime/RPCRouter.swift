import MenudCore
import MenudProtocol

/// Which handler answers which method. The routes of each domain are registered from a file of
/// their own (`DaemonRoutes`, `FileRoutes`, `MenuRoutes`, `SubscriptionRoutes`), each by its
/// protocol method type (`router.on(FilesList.self) { params, context in ... }`).
final class RPCRouter {
    /// Answers one request: a result now, or `.deferred` after ``RequestContext/deferAnswer()``.
    /// An ``RPCError`` thrown is the answer; any other error is answered as an internal error.
    typealias Handler = (RPCRequest, RequestContext) throws -> HandlerResult

    private var handlers: [String: Handler] = [:]
    /// The method asked for last and its handler: a client asking the same method again (a
    /// status poll, a pipelined run) costs a string comparison instead of hashing the name.
    private var last: (method: String, handler: Handler)?

    /// Routes `method` to `handler`; a method has one handler.
    func on(_ method: String, _ handler: @escaping Handler) {
        precondition(handlers[method] == nil, "\(method) has a handler already")
        handlers[method] = handler
    }

    /// Routes `method` to `handler`, which gets the params already read by `M.Params` (a
    /// -32602 naming the field answers params that do not fit).
    func on<M: RPCMethod>(_ method: M.Type, _ handler: @escaping (M.Params, RequestContext) throws -> HandlerResult) {
        on(M.name) { request, context in try handler(try M.Params(from: request.params), context) }
    }

    func handler(for method: String) -> Handler? {
        if let last, last.method == method { return last.handler }
        guard let handler = handlers[method] else { return nil }
        last = (method, handler)
        return handler
    }

    /// The methods routed, sorted.
    var methods: [String] { handlers.keys.sorted() }
}
