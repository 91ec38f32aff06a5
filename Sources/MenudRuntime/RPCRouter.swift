import MenudCore
import MenudProtocol

/// Which handler answers which method. The routes of each domain are registered from a file of
/// their own (`DaemonRoutes`, `FileRoutes`, `MenuRoutes`, `SubscriptionRoutes`), each by its
/// protocol method type (`router.on(FilesList.self) { params, context in ... }`).
final class RPCRouter {
    /// Answers one request: a result now, or `.deferred` after ``RequestContext/deferAnswer()``.
    /// An ``RPCError`` thrown is the answer; any other error is answered as an internal error.
    typealias Handler = (RPCRequest, RequestContext) throws -> HandlerResult

    /// One method and its handler. A class: a closure read from a tuple in an array or a
    /// dictionary is re-wrapped, which allocates on every request.
    private final class Route {
        let method: String
        let handler: Handler

        init(method: String, handler: @escaping Handler) {
            self.method = method
            self.handler = handler
        }
    }

    /// The routes, looked through in order: a dozen names compared (a known method's name is
    /// the decoder's shared string, equal at the first word) cost less than hashing one.
    private var routes: [Route] = []
    /// The route asked for last: a client asking the same method again (a status poll, a
    /// pipelined run) costs one comparison.
    private var last: Route?

    /// Routes `method` to `handler`; a method has one handler.
    func on(_ method: String, _ handler: @escaping Handler) {
        precondition(!routes.contains { $0.method == method }, "\(method) has a handler already")
        routes.append(Route(method: method, handler: handler))
    }

    /// Routes `method` to `handler`, which gets the params already read by `M.Params` (a
    /// -32602 naming the field answers params that do not fit).
    func on<M: RPCMethod>(_ method: M.Type, _ handler: @escaping (M.Params, RequestContext) throws -> HandlerResult) {
        on(M.name) { request, context in try handler(try M.Params(from: request.params), context) }
    }

    func handler(for method: String) -> Handler? {
        if let last, last.method == method { return last.handler }
        for route in routes where route.method == method {
            last = route
            return route.handler
        }
        return nil
    }

    /// The methods routed, sorted.
    var methods: [String] { routes.map(\.method).sorted() }
}
