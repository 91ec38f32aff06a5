import MenudJSON
import MenudProtocol

/// What every client of the daemon does between its socket and its callers, with no socket and
/// no thread of its own: ids for requests (1, 2, 3...), the line framing of what comes back,
/// matching each answer to its request, and telling notifications apart. ``MenudClient`` (async,
/// a reader thread) and `menuctl`'s `DaemonConnection` (one thread, polled with the keyboard)
/// both drive one of these, so the two cannot disagree about the wire.
///
/// `Waiter` is what a driver keeps for a request until its answer: a continuation to resume, or
/// nothing for a driver that collects answers itself. Lines that are not JSON-RPC messages, and
/// answers to no request of this session, are passed over (they cannot be matched to anything);
/// with ``reportsLines`` every line is reported as it came as well.
public struct RPCClientSession<Waiter> {
    private var nextId: Int64 = 1
    private var framer = LineFramer(maxFrameBytes: RPCClientSession.maxLineBytes)
    /// The requests sent and not answered yet: their method (for messages) and waiter.
    private var waiting: [RPCId: (method: String, waiter: Waiter)] = [:]
    /// Report every line read (``RPCClientEvent/line(_:)``), for a client that prints them.
    public var reportsLines = false

    /// No limit of the client's own on an answer's length: a `files.list` of a large tree is one
    /// long line, and the client trusts the daemon it chose to connect to.
    static var maxLineBytes: Int { Int.max / 2 }

    public init() {}

    /// How many requests wait for their answer.
    public var waitingCount: Int { waiting.count }

    /// The next request: its id and the line to send (ending in a newline). The request waits
    /// for its answer from now on.
    public mutating func request(method: String, params: JSONObject = JSONObject(), waiter: Waiter) -> (id: RPCId, line: [UInt8]) {
        let id = RPCId.int(nextId)
        nextId += 1
        waiting[id] = (method, waiter)
        var line: [UInt8] = []
        RPCEncoder.request(id: id, method: method, params: params, into: &line)
        return (id, line)
    }

    /// Feeds bytes read from the daemon; returns what they complete, in order.
    public mutating func receive(_ bytes: ArraySlice<UInt8>) -> [RPCClientEvent<Waiter>] {
        var events: [RPCClientEvent<Waiter>] = []
        for case .line(let line) in framer.append(bytes) { take(line, into: &events) }
        return events
    }

    /// At the end of the stream: the events of an unfinished last line, then ``RPCClientEvent/ended(_:)``
    /// with every request that will now get no answer.
    public mutating func finish() -> [RPCClientEvent<Waiter>] {
        var events: [RPCClientEvent<Waiter>] = []
        if case .line(let line)? = framer.finish() { take(line, into: &events) }
        let abandoned = waiting.map { (id: $0.key, method: $0.value.method, waiter: $0.value.waiter) }
        waiting.removeAll()
        events.append(.ended(abandoned))
        return events
    }

    private mutating func take(_ line: ArraySlice<UInt8>, into events: inout [RPCClientEvent<Waiter>]) {
        if reportsLines { events.append(.line(Array(line))) }
        guard let message = try? RPCDecoder.decodeServerMessage(line: line) else { return }
        switch message {
        case .response(let response):
            answer(response, into: &events)
        case .batch(let responses):
            for response in responses { answer(response, into: &events) }
        case .notification(let method, let params):
            events.append(.notification(ServerNotification(method: method, params: params)))
        }
    }

    private mutating func answer(_ response: RPCResponse, into events: inout [RPCClientEvent<Waiter>]) {
        guard let request = waiting.removeValue(forKey: response.id) else { return }
        events.append(.answer(response, method: request.method, waiter: request.waiter))
    }
}

extension RPCClientSession: Sendable where Waiter: Sendable {}
