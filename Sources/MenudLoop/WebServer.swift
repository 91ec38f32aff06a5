import CLibUV
import CLibWebSockets

/// HTTP and WebSocket on the daemon's own libuv loop, through libwebsockets 4.1 and its libuv
/// event library (Debian's `libwebsockets-dev` and `libwebsockets-evlib-uv`).
///
/// Every request and every upgrade goes to the owner's `admit` first; a refused one gets a
/// bare 403. Admitted GETs are answered by the owner or from the document folder; admitted
/// upgrades become `WebSocketConnection`s whose whole text messages go to the owner.
///
/// libwebsockets makes handles of its own on the loop (an idle, a timer, a poll per socket)
/// whose `data` is its own, so the server registers with the loop as a `ForeignHandleOwner`
/// and keeps itself alive until `shutDown` has taken it all down: every connection closed
/// (1001), then `lws_context_destroy` twice, because on a foreign loop the first call only
/// starts closing lws's handles and the second, once their close callbacks ran, frees the
/// context. After that the loop can close clean.
public final class WebServer {
    enum Phase { case running, closingConnections, destroying, finished }

    unowned let loop: EventLoop
    weak var owner: (any WebServerOwner)?
    let configuration: WebServerConfiguration
    let documents: WebDocumentFolder?
    /// The addresses listened on, with the ports actually bound.
    public internal(set) var listening: [WebListenAddress] = []
    /// The longest WebSocket message taken in from now on (the configuration's at first; a
    /// config reload may change it). A message half received is judged by the new limit.
    public var maxMessageBytes: Int

    /// Where libwebsockets keeps the context pointer (it sets it to nil once freed).
    let contextSlot: UnsafeMutablePointer<OpaquePointer?>
    /// C memory libwebsockets keeps pointers to until the context is freed.
    let protocols: UnsafeMutablePointer<lws_protocols>
    let retryPolicy: UnsafeMutablePointer<lws_retry_bo_t>
    var cStrings: [UnsafeMutablePointer<CChar>] = []

    var phase = Phase.running
    /// The strong reference libwebsockets' context user pointer stands for.
    private var selfRetain: Unmanaged<WebServer>?
    var completions: [() -> Void] = []

    var connections: [OpaquePointer: WebSocketConnection] = [:]
    /// Admitted upgrades, between the decision and `LWS_CALLBACK_ESTABLISHED`.
    var admittedUpgrades: [OpaquePointer: WebRequest] = [:]
    /// HTTP response bodies still being written.
    var responses: [OpaquePointer: WebResponseBody] = [:]
    var pendingCloses: [WebSocketConnection] = []
    var nextConnectionID: UInt64 = 1

    /// Sends the close frames of `pendingCloses`, outside libwebsockets' callbacks.
    let closer: LoopTimer
    /// Paces shutdown: waits for connections to finish closing, then for lws's handles.
    let shutdownTimer: LoopTimer
    var shutdownDeadlineMs: UInt64 = 0

    /// Starts listening. Throws when an address cannot be bound (the port in use...), the
    /// document folder cannot be opened or libwebsockets cannot start on the loop; what was set
    /// up by then is taken down on the loop's next turns (`closeEverything` waits for it).
    public init(loop: EventLoop, configuration: WebServerConfiguration, owner: any WebServerOwner) throws(WebServerError) {
        try configuration.validate()
        // libwebsockets is opened now, the first time a web server starts, not linked.
        if let reason = menud_lws_library_open() { throw WebServerError(.libraryMissing(String(cString: reason))) }
        self.loop = loop
        self.owner = owner
        self.configuration = configuration
        maxMessageBytes = configuration.maxMessageBytes
        documents = try configuration.documentFolder.map { path throws(WebServerError) in
            try WebDocumentFolder(path: path, maxFileBytes: configuration.maxDocumentBytes)
        }
        do {
            closer = try LoopTimer(loop: loop)
            shutdownTimer = try LoopTimer(loop: loop)
        } catch {
            throw WebServerError(.invalidSetting("loop", error.description))
        }
        contextSlot = .allocate(capacity: 1)
        contextSlot.initialize(to: nil)
        protocols = .allocate(capacity: 2)
        retryPolicy = .allocate(capacity: 1)
        retryPolicy.initialize(to: lws_retry_bo_t(retry_ms_table: nil, retry_ms_table_count: 0, conceal_count: 0,
                                                  secs_since_valid_ping: configuration.pingAfterSeconds,
                                                  secs_since_valid_hangup: configuration.hangUpAfterSeconds,
                                                  jitter_percent: 0))
        protocols.initialize(to: lws_protocols(name: cString("menud"), callback: webServerCallback, per_session_data_size: 0,
                                               rx_buffer_size: 16_384, id: 0, user: nil, tx_packet_size: 0))
        (protocols + 1).initialize(to: lws_protocols())
        WebLibraryLog.install()
        WebLibraryLog.listen(self)
        guard createContext() else {
            finish()
            throw WebServerError(.libraryUnavailable)
        }
        selfRetain = Unmanaged.passRetained(self)
        loop.adopt(self)
        do {
            try createListeners()
        } catch {
            shutDown()
            throw error
        }
    }

    /// Closes every connection (1001, waiting up to `shutdownGraceMs` for the handshakes),
    /// stops listening and frees libwebsockets; `completion` runs when its last handle is
    /// closed. Calling it again only adds the completion.
    public func shutDown(_ completion: (() -> Void)? = nil) {
        if let completion {
            if phase == .finished { completion() } else { completions.append(completion) }
        }
        guard phase == .running else { return }
        phase = .closingConnections
        for connection in Array(connections.values) {
            if case .closeRequested = connection.state { connection.state = .open }
            connection.close(code: .goingAway, reason: "server shutting down")
        }
        shutdownDeadlineMs = loop.nowMs + configuration.shutdownGraceMs
        shutdownTimer.start(afterMs: 10, repeatMs: 10) { [unowned self] in self.shutdownStep() }
    }

    /// True once everything is taken down.
    public var isFinished: Bool { phase == .finished }

    /// The open WebSocket connections, oldest first.
    public var openConnections: [WebSocketConnection] {
        connections.values.sorted { $0.id < $1.id }
    }

    /// Runs the close frames of the connections whose `close` was called.
    func scheduleClose(_ connection: WebSocketConnection) {
        pendingCloses.append(connection)
        if !closer.isActive { closer.start(afterMs: 0) { [unowned self] in self.sendPendingCloses() } }
    }

    private func sendPendingCloses() {
        let batch = pendingCloses
        pendingCloses = []
        for connection in batch {
            guard case .closeRequested(let code, let reason, _) = connection.state, let wsi = connection.wsi else { continue }
            connection.state = .closing
            connection.releaseQueue()
            var bytes = Array(reason.utf8.prefix(123))
            menud_lws_close_reason(wsi, lws_close_status(UInt32(code.rawValue)), &bytes, bytes.count)
            // Kills the connection after lws has sent the close frame and waited for the reply.
            menud_lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_SYNC)
        }
    }

    /// Teardown's last step: our timers closed, C memory freed, the loop told, completions run.
    func finish() {
        phase = .finished
        closer.close()
        shutdownTimer.close()
        WebLibraryLog.stopListening(self)
        for string in cStrings { free(string) }
        cStrings = []
        protocols.deinitialize(count: 2)
        protocols.deallocate()
        retryPolicy.deallocate()
        contextSlot.deallocate()
        loop.release(self)
        let done = completions
        completions = []
        for completion in done { completion() }
        selfRetain?.release()
        selfRetain = nil
    }

    /// A C copy of `text` that lives as long as the server.
    func cString(_ text: String) -> UnsafeMutablePointer<CChar> {
        let copy = strdup(text)!
        cStrings.append(copy)
        return copy
    }
}
