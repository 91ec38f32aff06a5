import MenudLoop

/// One WebSocket client of ``WebSocketTransport``: each text message is one JSON-RPC message,
/// so there is no framing here, only the connection's queue and how it ends.
final class WebSocketClient: RPCConnection {
    let connection: WebSocketConnection
    /// A TCP peer has no credentials to read; the web secret is what admits it.
    let peer: PeerCredentials? = nil
    /// True once the server closed it: nothing more goes to the delegate.
    private(set) var isClosed = false
    /// The status code the close frame carries: 1009 after a message over the limit.
    var closeCode = WebSocketCloseCode.normal
    /// Drops a connection that is still not closed `lingerMs` after a flushing close (a client
    /// that stopped reading would otherwise hold it).
    var linger: (any ScheduledTimer)?
    private let scheduler: any LoopScheduler

    init(connection: WebSocketConnection, scheduler: any LoopScheduler) {
        self.connection = connection
        self.scheduler = scheduler
    }

    /// What the client has not taken yet: the messages libwebsockets has not been handed.
    var pendingOutputBytes: Int { connection.queuedBytes }

    @discardableResult
    func send(_ message: [UInt8]) -> Bool {
        connection.send(message)
    }

    /// The pieces of a streamed answer so far, after the room libwebsockets needs in front of
    /// a frame: the protocol sends one JSON-RPC message per text frame, and a frame's header
    /// holds its length, so the message is sent whole once its last piece came (the answer is
    /// still produced in slices, so other clients are served meanwhile, but it is held here
    /// whole before it goes out). Built in place, it is handed over without another copy.
    private var pieces: [UInt8] = []

    @discardableResult
    func sendPiece(_ piece: [UInt8], isLast: Bool) -> Bool {
        if pieces.isEmpty { pieces = Array(repeating: 0, count: WebSocketConnection.messageHeadroom) }
        pieces.append(contentsOf: piece)
        guard isLast else { return connection.isOpen }
        let message = pieces
        pieces = []
        return connection.send(prepared: message)
    }

    func close(afterFlushing: Bool, lingerMs: UInt64) {
        guard !isClosed else { return }
        isClosed = true
        pieces = []
        guard afterFlushing, connection.isOpen else {
            // At once, without a closing handshake: the client that stopped reading would not
            // read a close frame either.
            connection.drop()
            return
        }
        connection.close(code: closeCode, reason: closeCode == .messageTooBig ? "message too big" : "", afterFlushing: true)
        guard let timer = try? scheduler.makeTimer() else { return }
        linger = timer
        timer.start(afterMs: lingerMs) { [weak self] in
            self?.connection.drop()
            self?.endLinger()
        }
    }

    /// The connection is gone: its linger timer goes too.
    func endLinger() {
        linger?.close()
        linger = nil
    }
}
