import MenudCore

/// What a handler knows of the request besides its params: who sent it, and how to answer later.
struct RequestContext {
    let target: ReplyTarget
    /// Held strongly: the context lives only while its handler runs, and an `unowned` reference
    /// to the server (which weak references point at) costs a slow runtime call to read.
    let server: RPCServer

    /// Who sent the request (one reference held, the target's: a copy of the context retains
    /// and releases each it holds).
    var client: ClientConnection { target.client }

    /// The connection the request came on.
    var connection: ConnectionID { client.id }

    /// Takes the answer out of the handler's return: the handler returns `.deferred` and
    /// answers through the responder (and only through it) when it can.
    func deferAnswer() -> Responder {
        Responder(server: server, target: target)
    }
}
