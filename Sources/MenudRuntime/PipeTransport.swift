import Glibc
import MenudCore
import MenudLoop
import MenudNative

/// JSON-RPC over the Unix socket, one message per line: the socket the daemon binds (its
/// directory made private, a stale one replaced, removed at the end) or the one systemd passes.
final class PipeTransport: RPCTransport {
    private let loop: EventLoop
    private let log: Logger
    /// The listening socket systemd passed, used instead of binding `address` (set before `start`).
    var activatedSocket: Int32?
    private let socketGuard: SocketGuard
    private var server: PipeServer?
    private var maxMessageBytes: Int
    private(set) var clients: [ObjectIdentifier: PipeClient] = [:]
    private(set) var address: String

    init(loop: EventLoop, socketPath: String, maxMessageBytes: Int, log: Logger) {
        self.loop = loop
        self.log = log
        socketGuard = SocketGuard(path: socketPath)
        self.maxMessageBytes = maxMessageBytes
        address = socketPath
    }

    func start(_ delegate: any RPCTransportDelegate) throws {
        let server: PipeServer
        if let activatedSocket {
            server = try PipeServer(loop: loop, adopting: activatedSocket)
            if let bound = Systemd.boundPath(of: activatedSocket), bound != address {
                log.info("systemd's socket is \(bound) (the configured socket \(address) is not used)")
                address = bound
            }
        } else {
            try socketGuard.prepare(log: log)
            let previous = umask(0o177)
            defer { umask(previous) }
            do {
                server = try PipeServer(loop: loop, bindingTo: address)
            } catch {
                throw StartupError("cannot listen on \(address): \(error.message). Choose another path with --socket.")
            }
            socketGuard.created = true
        }
        self.server = server
        server.overflowReply = delegate.outOfDescriptorsReply + [0x0A]
        try server.listen { [unowned self, weak delegate] result in
            guard let delegate else { return }
            self.accept(result, delegate: delegate)
        }
    }

    private func accept(_ result: Result<PipeConnection, LoopError>, delegate: any RPCTransportDelegate) {
        let pipe: PipeConnection
        switch result {
        case .failure(let error):
            delegate.acceptFailed(error)
            return
        case .success(let accepted):
            pipe = accepted
        }
        let client = PipeClient(pipe: pipe, maxMessageBytes: maxMessageBytes, delegate: delegate) { [unowned self] closed in
            clients[ObjectIdentifier(closed)] = nil
        }
        clients[ObjectIdentifier(client)] = client
        guard delegate.accepted(client) else { return }
        do {
            try pipe.startReading { [unowned client] event in client.read(event) }
        } catch {
            delegate.failed(client, reason: "could not read: \(error)")
        }
    }

    func stop() {
        server?.close()
        socketGuard.remove()
    }

    func setMaxMessageBytes(_ limit: Int) {
        maxMessageBytes = limit
        for client in clients.values { client.framer.maxFrameBytes = limit }
    }
}
