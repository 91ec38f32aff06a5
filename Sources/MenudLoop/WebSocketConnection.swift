import CLibWebSockets

/// One WebSocket client of a `WebServer`. Text messages out are queued here and handed to
/// libwebsockets when the socket can take them; `queuedBytes` is what waits, so the owner can
/// drop a client that stops reading. Used on the loop thread only.
public final class WebSocketConnection {
    enum State: Equatable {
        case open
        /// `close` was called; `afterFlushing` waits for the queue to drain first.
        case closeRequested(WebSocketCloseCode, String, afterFlushing: Bool)
        /// Handed to libwebsockets to close (politely or not).
        case closing
        case closed
    }

    /// Numbers connections in the order they opened, for the life of the process.
    public let id: UInt64
    /// The upgrade request (path, peer address, headers) this connection came from.
    public let request: WebRequest
    weak var server: WebServer?
    /// The libwebsockets connection; nil once closed.
    var wsi: OpaquePointer?
    var state = State.open

    /// Messages waiting, each with libwebsockets' headroom (`LWS_PRE`) in front.
    var outgoing: [[UInt8]] = []
    var outgoingHead = 0
    /// Payload bytes queued and not yet handed to libwebsockets.
    public internal(set) var queuedBytes = 0
    /// The message being assembled from fragments.
    var incoming: [UInt8] = []
    var incomingBytes = 0
    var incomingIsBinary = false
    /// The message being received passed the limit: its remaining chunks are dropped.
    var incomingIsOversized = false
    /// The status code the client's close frame carried, when it closed first.
    public internal(set) var peerCloseCode: WebSocketCloseCode?

    static let headroom = Int(menud_lws_pre())

    init(id: UInt64, request: WebRequest, wsi: OpaquePointer, server: WebServer) {
        self.id = id
        self.request = request
        self.wsi = wsi
        self.server = server
    }

    /// True until `close`, `drop` or the end of the connection.
    public var isOpen: Bool { state == .open }

    /// Messages queued and not yet handed to libwebsockets.
    public var queuedMessages: Int { outgoing.count - outgoingHead }

    /// Queues one text message (the bytes must be UTF-8: browsers close on anything else).
    /// Returns false once the connection is closing or closed.
    @discardableResult
    public func send(_ message: [UInt8]) -> Bool {
        guard state == .open, let wsi else { return false }
        let headroom = WebSocketConnection.headroom
        let framed = [UInt8](unsafeUninitializedCapacity: headroom + message.count) { buffer, count in
            buffer.baseAddress!.initialize(repeating: 0, count: headroom)
            message.withUnsafeBufferPointer { source in
                if let from = source.baseAddress { (buffer.baseAddress! + headroom).initialize(from: from, count: source.count) }
            }
            count = headroom + message.count
        }
        outgoing.append(framed)
        queuedBytes += message.count
        menud_lws_callback_on_writable(wsi)
        return true
    }

    /// The bytes a message handed to ``send(prepared:)`` keeps free in front of it for
    /// libwebsockets' frame header (`LWS_PRE`).
    public static var messageHeadroom: Int { headroom }

    /// Queues one text message whose first ``messageHeadroom`` bytes are free for the frame
    /// header and the rest is the message: taken as it is, without the copy `send` makes (a
    /// streamed answer of hundreds of megabytes is built that way). Returns false once the
    /// connection is closing or closed.
    @discardableResult
    public func send(prepared framed: [UInt8]) -> Bool {
        precondition(framed.count >= WebSocketConnection.headroom, "a prepared message starts with messageHeadroom free bytes")
        guard state == .open, let wsi else { return false }
        outgoing.append(framed)
        queuedBytes += framed.count - WebSocketConnection.headroom
        menud_lws_callback_on_writable(wsi)
        return true
    }

    /// Closes with a status code and a reason (at most 123 bytes of it are sent). With
    /// `afterFlushing`, the queued messages go out first; otherwise they are dropped. The
    /// close frame is sent from the server's own timer, never from inside a write callback
    /// (libwebsockets 4.1 loses the code there).
    public func close(code: WebSocketCloseCode = .normal, reason: String = "", afterFlushing: Bool = false) {
        guard state == .open else { return }
        state = .closeRequested(code, reason, afterFlushing: afterFlushing)
        if afterFlushing, let wsi {
            // The writeable callback sends what is queued, then what lws kept of the last
            // write, then asks for the close.
            menud_lws_callback_on_writable(wsi)
            return
        }
        server?.scheduleClose(self)
    }

    /// Ends the connection at once, without a closing handshake (a client that stopped
    /// reading would not read a close frame either).
    public func drop() {
        guard state != .closing, state != .closed, let wsi else { return }
        state = .closing
        releaseQueue()
        menud_lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
    }

    /// The connection is gone: nothing more goes out.
    func markClosed() {
        state = .closed
        wsi = nil
        releaseQueue()
        incoming = []
    }

    func releaseQueue() {
        outgoing = []
        outgoingHead = 0
        queuedBytes = 0
    }
}
