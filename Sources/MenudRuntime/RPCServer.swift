import MenudCore
import MenudLoop
import MenudNative

/// The JSON-RPC server: which clients may connect, what each request is routed to, how answers
/// (now, later, in batches) and notifications reach clients, and clients that stop reading.
/// It knows clients only through ``RPCTransport``/``RPCConnection``; the rest of the daemon
/// knows them only by ``ConnectionID``.
final class RPCServer: DaemonService, RPCTransportDelegate {
    let name = "rpc server"
    let router = RPCRouter()
    let log: Logger
    var settings: DaemonSettings
    /// The action slots (`maxRunningActions`, fitted to the descriptor budget): each keeps
    /// descriptors in reserve.
    var actionSlots: Int
    /// The configured and fitted counts the last fit lowered `maxRunningActions` between (empty
    /// when it did not): said once, not again for each transport or reload.
    var loggedActionFit: [Int] = []
    /// Told the number of action slots whenever the fit changes it (the action runner).
    var onActionSlotsFitted: (Int) -> Void = { _ in }
    var connections: [ConnectionID: ClientConnection] = [:]
    /// The same clients by their transport connection.
    var clients: [ObjectIdentifier: ClientConnection] = [:]
    /// The client the last message came from (``client(of:)``): a pipelined run or a client
    /// polling sends many in a row, and finding it again in `clients` costs hashing.
    var lastClient: ClientConnection?
    var nextConnectionNumber: UInt64 = 1
    var acceptsClients = true
    /// The open-file limit and what the daemon holds for itself (measured once at start).
    var descriptorBudget = DescriptorBudget(limit: 1024, openAtStart: 0)
    /// `maxConnections` as it applies: the config's, or less when descriptors would not suffice.
    var connectionLimit = 0
    private var listeners: [any ConnectionListener] = []
    /// Called after an answer of ``largeReplyBytes`` or more was written.
    var onLargeReply: () -> Void = {}
    /// The timer streamed answers go out by, and the clients they go to (in the order their
    /// streams started).
    let scheduler: any LoopScheduler
    var streamTimer: (any ScheduledTimer)?
    var streamingClients: [ClientConnection] = []
    /// The wait before the next look while no streaming client could take a piece.
    var streamPollMs = RPCServer.streamPollMs

    /// Answers of this size or more are followed by handing free heap back to the system.
    static let largeReplyBytes = 1 << 20

    init(settings: DaemonSettings, actionSlots: Int, log: Logger, scheduler: any LoopScheduler) {
        self.settings = settings
        self.scheduler = scheduler
        self.actionSlots = actionSlots
        self.log = log
    }

    func addListener(_ listener: any ConnectionListener) {
        listeners.append(listener)
    }

    var connectionCount: Int { connections.count }

    // MARK: Lifecycle

    func start() throws {
        raiseOpenFileLimit()
    }

    func reload(_ configuration: DaemonConfiguration) {
        settings = configuration.settings
        applyDescriptorBudget()
    }

    /// Last of all: every client is closed once what was written to it has gone out.
    func shutdown(graceMs: UInt64, done: @escaping () -> Void) {
        acceptsClients = false
        for client in Array(connections.values) { closeConnection(client, reason: nil, flush: true) }
        streamTimer?.close()
        streamTimer = nil
        done()
    }

    /// The transport stopped: clients that still arrive are closed at once.
    func stopAccepting() {
        acceptsClients = false
    }

    // MARK: Sending

    /// Writes one message (a notification) to a client, if it is still there.
    func send(_ message: [UInt8], to connection: ConnectionID) {
        guard let client = connections[connection] else { return }
        write(message, to: client)
    }

    /// Whether any client subscribed to `topic` (`"files"`, `"menus"`).
    func hasSubscribers(_ topic: String) -> Bool {
        connections.values.contains { $0.subscriptions.contains(topic) }
    }

    /// Writes `messages`, in order, to every client subscribed to `topic`.
    func broadcast(_ messages: [[UInt8]], to topic: String) {
        let subscribers = connections.values.filter { $0.subscriptions.contains(topic) }
        for client in subscribers {
            for message in messages { write(message, to: client) }
        }
    }

    /// Writes to a client. A client whose earlier output is still queued past the cap has
    /// stopped reading: it is dropped instead (one large answer to a reading client is fine,
    /// so the queue is bounded by the cap plus one message).
    func write(_ message: [UInt8], to client: ClientConnection) {
        guard admitsOutput(to: client) else { return }
        if client.stream != nil {
            hold(message, for: client)
            return
        }
        if !client.link.send(message) {
            closeConnection(client, reason: "write failed")
        }
    }

    /// Writes the message `encode` appends to the buffer it is given, as `write(_:to:)` would,
    /// without a copy of its own where the transport gathers output; returns its byte count
    /// (nil when nothing was written). Inlined into its one caller, the reply: left a call, it
    /// cost about 260 instructions more per answer (callgrind, pipelined daemon.status).
    @inline(__always)
    func write(to client: ClientConnection, encodedBy encode: (inout [UInt8]) -> Void) -> Int? {
        guard admitsOutput(to: client) else { return nil }
        guard client.stream == nil else {
            var message: [UInt8] = []
            encode(&message)
            hold(message, for: client)
            return message.count
        }
        guard let count = client.link.send(encodedBy: encode) else {
            closeConnection(client, reason: "write failed")
            return nil
        }
        return count
    }

    /// Keeps a message for after the answer being streamed to `client`, never between its pieces.
    private func hold(_ message: [UInt8], for client: ClientConnection) {
        client.heldOutput.append(message)
        client.heldOutputBytes += message.count
    }

    /// False (and the client dropped) for a client that is closed or whose earlier output is
    /// still queued past the cap.
    private func admitsOutput(to client: ClientConnection) -> Bool {
        guard !client.isClosed else { return false }
        let queued = client.link.pendingOutputBytes + client.heldOutputBytes
        if queued > settings.maxOutputBytesPerClient {
            log.warning("client \(client.number) stopped reading: \(queued) bytes queued, over maxOutputBytesPerClient (\(settings.maxOutputBytesPerClient)); disconnecting it")
            closeConnection(client, reason: nil)
            return false
        }
        return true
    }

    // MARK: Closing

    /// Forgets a client; its menus close and its builds stop.
    func closeConnection(_ client: ClientConnection, reason: String?, flush: Bool = false) {
        guard !client.isClosed else { return }
        client.isClosed = true
        dropStream(of: client)
        connections[client.id] = nil
        clients[ObjectIdentifier(client.link)] = nil
        if lastClient === client { lastClient = nil }
        for listener in listeners { listener.connectionClosed(client.id) }
        client.link.close(afterFlushing: flush)
        if let reason { log.info("client \(client.number) disconnected: \(reason)") } else { log.debug("client \(client.number) disconnected") }
    }

    /// For a client whose input ended: its undismissed menus close, and the connection once
    /// nothing more is owed to it.
    func settleEndedInput(of client: ClientConnection) {
        guard client.inputEnded, !client.isClosed, client.stream == nil, !client.hasHeldInput else { return }
        for listener in listeners { listener.connectionInputEnded(client.id) }
        if client.owedAnswers == 0 { closeConnection(client, reason: nil, flush: true) }
    }
}
