import MenudCore
import MenudLoop
import MenudProtocol

/// What carries JSON-RPC messages between clients and the ``RPCServer``: the Unix socket
/// (``PipeTransport``) and the web page's WebSocket (``WebSocketTransport``), both at once. A transport knows
/// bytes and framing; the server knows messages and what they mean.
protocol RPCTransport: AnyObject {
    /// Starts taking clients, each handed to `delegate`. Throws ``StartupError`` (or a
    /// ``LoopError``) when it cannot listen.
    func start(_ delegate: any RPCTransportDelegate) throws
    /// Stops taking clients; those connected stay until the server closes them.
    func stop()
    /// The longest message accepted from now on, on every connection: a message half received
    /// is kept and judged by the new limit.
    func setMaxMessageBytes(_ limit: Int)
    /// Where clients reach it (the socket path, the web address), for logs and `daemon.status`.
    var address: String { get }
}

/// One client, whatever carries its bytes.
protocol RPCConnection: AnyObject {
    /// The client process, when the transport can tell.
    var peer: PeerCredentials? { get }
    /// Bytes handed to ``send(_:)`` that the client has not taken yet (back-pressure).
    var pendingOutputBytes: Int { get }
    /// Queues one whole message (the transport frames it). False when it could not be queued.
    @discardableResult
    func send(_ message: [UInt8]) -> Bool
    /// Queues one whole message that `encode` appends to the buffer it is given; returns the
    /// message's byte count, or nil when it could not be queued. A transport that gathers its
    /// output lets `encode` write straight into it, so the message is not copied again.
    func send(encodedBy encode: (inout [UInt8]) -> Void) -> Int?
    /// Queues the next piece of one message written in pieces (a streamed answer); `isLast`
    /// ends the message (the transport frames it then). Nothing else is sent between the pieces
    /// of a message. False when it could not be queued.
    @discardableResult
    func sendPiece(_ piece: [UInt8], isLast: Bool) -> Bool
    /// Ends the connection: at once, or once what is queued is written (the client's further
    /// input is discarded meanwhile, for at most `lingerMs`). No delegate call follows.
    func close(afterFlushing: Bool, lingerMs: UInt64)
}

extension RPCConnection {
    func close(afterFlushing: Bool) { close(afterFlushing: afterFlushing, lingerMs: 2000) }

    func send(encodedBy encode: (inout [UInt8]) -> Void) -> Int? { sendWhole(encodedBy: encode) }

    /// The message `encode` writes, built in a buffer of its own and sent: what a transport does
    /// that does not gather its output.
    func sendWhole(encodedBy encode: (inout [UInt8]) -> Void) -> Int? {
        var message: [UInt8] = []
        encode(&message)
        return send(message) ? message.count : nil
    }
}

/// The server's side of a transport. Every call comes on the loop thread.
protocol RPCTransportDelegate: AnyObject {
    /// Written, as one message, to a client refused because no descriptor was free for it.
    var outOfDescriptorsReply: [UInt8] { get }
    /// A client connected. False when it is refused (the delegate told it why and closed it).
    func accepted(_ connection: any RPCConnection) -> Bool
    /// Accepting a client failed (no descriptor free, most often).
    func acceptFailed(_ error: LoopError)
    /// One whole message from the client.
    func received(_ message: ArraySlice<UInt8>, on connection: any RPCConnection)
    /// A whole message that cannot be text (a binary WebSocket message, bytes that are not
    /// UTF-8): answered with -32700 saying `problem`; the connection stays open.
    func unreadable(_ problem: String, on connection: any RPCConnection)
    /// A message grew past the limit; the rest of it is dropped.
    func oversized(limit: Int, on connection: any RPCConnection)
    /// The client shut down its side: it sends nothing more, answers still reach it.
    func endOfInput(on connection: any RPCConnection)
    /// The connection broke (a read failed).
    func failed(_ connection: any RPCConnection, reason: String)
}

extension RPCTransportDelegate {
    /// Hands what the framer found to the delegate in order, until the connection is closed
    /// (a reply may close it half-way through a chunk) or a message was too long.
    func deliver(_ events: [FramerEvent], on connection: any RPCConnection, isOpen: () -> Bool) {
        for event in events {
            guard isOpen() else { return }
            switch event {
            case .line(let line):
                received(line, on: connection)
            case .oversized(let limit):
                oversized(limit: limit, on: connection)
                return
            }
        }
    }
}
