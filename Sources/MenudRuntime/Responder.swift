import MenudCore
import MenudProtocol

/// The answer a handler gives later (a menu once its plugins have answered, an action once it
/// ended), kept by whoever will give it. It answers exactly once; further answers are ignored.
/// Until then the connection counts it as owed, so a client that shut down its side still gets
/// it before the connection closes.
final class Responder {
    private unowned let server: RPCServer
    private let target: ReplyTarget
    private(set) var isAnswered = false

    init(server: RPCServer, target: ReplyTarget) {
        self.server = server
        self.target = target
        target.client.owedAnswers += 1
    }

    /// The client the answer goes to.
    var connection: ConnectionID { target.client.id }
    /// False once the client is gone (nothing sent to it arrives).
    var isConnectionOpen: Bool { !target.client.isClosed }

    func answer(_ result: Result<HandlerResult, RPCError>) {
        guard !isAnswered else { return }
        isAnswered = true
        target.client.owedAnswers -= 1
        server.finish(target, with: result)
    }
}
