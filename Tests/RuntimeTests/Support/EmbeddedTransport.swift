@testable import MenudRuntime
import MenudCore
import MenudLoop
import MenudJSON
import MenudProtocol

/// A transport without sockets: a test connects clients, feeds them bytes and reads what the
/// server sent them. It frames input with a `LineFramer` per connection, as the pipe transport does.
final class EmbeddedTransport: RPCTransport {
    let address = "embedded"
    private(set) var maxMessageBytes: Int
    private(set) var isListening = false
    private weak var delegate: (any RPCTransportDelegate)?
    private(set) var connections: [EmbeddedConnection] = []

    init(maxMessageBytes: Int = 1 << 20) {
        self.maxMessageBytes = maxMessageBytes
    }

    func start(_ delegate: any RPCTransportDelegate) throws {
        self.delegate = delegate
        isListening = true
    }

    func stop() { isListening = false }

    func setMaxMessageBytes(_ limit: Int) {
        maxMessageBytes = limit
        for connection in connections { connection.framer.maxFrameBytes = limit }
    }

    /// A client connects (refused ones are closed at once, with the server's reason in `sent`).
    @discardableResult
    func connect(peer: PeerCredentials? = nil) -> EmbeddedConnection {
        let connection = EmbeddedConnection(peer: peer, maxMessageBytes: maxMessageBytes, delegate: delegate!)
        connections.append(connection)
        _ = delegate!.accepted(connection)
        return connection
    }
}

/// One embedded client: what the server sent it, how it was closed, and bytes to feed.
final class EmbeddedConnection: RPCConnection {
    let peer: PeerCredentials?
    var framer: LineFramer
    private weak var delegate: (any RPCTransportDelegate)?
    /// Every message the server sent, in order, without framing.
    private(set) var sent: [[UInt8]] = []
    /// How the server closed the connection, if it did.
    private(set) var closing: (afterFlushing: Bool, lingerMs: UInt64)?
    /// What the client has not read yet; set it to act out a client that stopped reading.
    var pendingOutputBytes = 0

    init(peer: PeerCredentials?, maxMessageBytes: Int, delegate: any RPCTransportDelegate) {
        self.peer = peer
        framer = LineFramer(maxFrameBytes: maxMessageBytes)
        self.delegate = delegate
    }

    var isClosed: Bool { closing != nil }

    @discardableResult
    func send(_ message: [UInt8]) -> Bool {
        guard !isClosed else { return false }
        sent.append(message)
        return true
    }

    /// The pieces of the message being streamed to it.
    private(set) var pieces: [[UInt8]] = []
    /// Every piece count of the streamed messages, in order (how many pieces each came in).
    private(set) var pieceCounts: [Int] = []

    /// Called after each piece (a test fills `pendingOutputBytes` here to stop a stream half-way).
    var onPiece: ((EmbeddedConnection) -> Void)?

    @discardableResult
    func sendPiece(_ piece: [UInt8], isLast: Bool) -> Bool {
        guard !isClosed else { return false }
        defer { onPiece?(self) }
        pieces.append(piece)
        if isLast {
            sent.append(pieces.flatMap { $0 })
            pieceCounts.append(pieces.count)
            pieces = []
        }
        return true
    }

    func close(afterFlushing: Bool, lingerMs: UInt64) {
        guard closing == nil else { return }
        closing = (afterFlushing, lingerMs)
    }

    /// The client sends `text` (framing is up to the test: put the newlines in).
    func feed(_ text: String) { feed(Array(text.utf8)) }

    func feed(_ bytes: [UInt8]) {
        guard !isClosed, let delegate else { return }
        delegate.deliver(framer.append(bytes[...]), on: self) { !isClosed }
    }

    /// The client shuts down its side; a last line without its newline still counts.
    func endInput() {
        guard !isClosed, let delegate else { return }
        delegate.deliver(framer.append([0x0A]), on: self) { !isClosed }
        if !isClosed { delegate.endOfInput(on: self) }
    }

    /// The messages sent so far, parsed.
    var sentJSON: [JSONValue] { sent.map { (try? JSONParser.parse($0)) ?? .null } }

    /// The messages sent since the last call, parsed.
    private var taken = 0
    func takeSent() -> [JSONValue] {
        let new = Array(sentJSON.dropFirst(taken))
        taken = sent.count
        return new
    }
}
