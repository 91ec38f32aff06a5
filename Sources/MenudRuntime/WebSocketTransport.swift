import MenudCore
import MenudLoop

/// JSON-RPC over a WebSocket (`/rpc`), one text message per JSON-RPC message, beside the page
/// (`web.documents`) on the daemon's own loop, through MenudLoop's ``WebServer``.
///
/// Every request passes the ``WebRequestGate`` first (the secret from ``WebTokenFile``, the
/// `Host`, the upgrade's `Origin`); refusals get a bare 403 and one log line a minute. Clients
/// then meet the same accept policy, limits and back-pressure as on the Unix socket, since
/// the ``RPCServer`` decides those for both.
final class WebSocketTransport: RPCTransport, WebServerOwner {
    /// The WebSocket's path; every other path is the page's files.
    static let rpcPath = "/rpc"

    private let loop: EventLoop
    private let log: Logger
    private let settings: WebSettings
    private var maxMessageBytes: Int
    private let maxConnections: Int
    private let tokenFile: WebTokenFile
    private var secret = ""
    private var gate: WebRequestGate?
    private var server: WebServer?
    private weak var delegate: (any RPCTransportDelegate)?
    private var refusals: RefusalLogLimiter
    private var libraryLines: RefusalLogLimiter
    private(set) var clients: [UInt64: WebSocketClient] = [:]

    init(loop: EventLoop, settings: WebSettings, maxMessageBytes: Int, maxConnections: Int, log: Logger, clock: any Clock = SystemClock()) {
        self.loop = loop
        self.log = log
        self.settings = settings
        self.maxMessageBytes = maxMessageBytes
        self.maxConnections = maxConnections
        tokenFile = WebTokenFile(path: settings.tokenPath)
        refusals = RefusalLogLimiter(clock: clock)
        libraryLines = RefusalLogLimiter(clock: clock)
    }

    /// `127.0.0.1:7780`: the address with the port actually bound.
    var address: String { (server?.listening.first ?? settings.listen).description }

    /// The file that holds the secret.
    var tokenPath: String { settings.tokenPath }

    /// The page's address, without the secret.
    var pageURL: String { "http://\(address)/" }

    func start(_ delegate: any RPCTransportDelegate) throws {
        self.delegate = delegate
        secret = WebTokenFile.makeSecret()
        try tokenFile.write(secret)
        var configuration = WebServerConfiguration(addresses: [settings.listen], documentFolder: settings.documents)
        configuration.maxMessageBytes = maxMessageBytes
        // Room above the RPC server's own limit, so a client past it is still let in to hear
        // -32040 instead of waiting unanswered in the kernel's backlog.
        configuration.maxConnections = min(65_536, maxConnections + 16)
        do {
            let server = try WebServer(loop: loop, configuration: configuration, owner: self)
            self.server = server
            let hosts = server.listening.flatMap { WebRequestGate.hosts(listeningOn: $0.host, port: $0.port) }
            gate = try WebRequestGate(secret: secret, hosts: hosts)
        } catch {
            tokenFile.remove(ifHolding: secret)
            throw StartupError("cannot serve the web page: \(error). Choose another address with --web or web.listen.")
        }
        log.info("serving the web page from \(settings.documents) on \(pageURL) (menuctl web prints the URL with its secret, kept in \(settings.tokenPath))")
    }

    /// Stops listening and closes the WebSocket clients (1001): a browser reconnects on its
    /// own, and an HTTP server cannot stop accepting while keeping its connections.
    func stop() {
        server?.shutDown()
        tokenFile.remove(ifHolding: secret)
    }

    func setMaxMessageBytes(_ limit: Int) {
        maxMessageBytes = limit
        server?.maxMessageBytes = limit
    }

    // MARK: WebServerOwner

    func webServer(_ server: WebServer, admit request: WebRequest) -> WebAdmission {
        guard let gate else { return .refuse }
        let decision = gate.decide(WebGateRequest(isUpgrade: request.isUpgrade, path: request.path, query: request.query,
                                                  cookies: request.cookies, host: request.host, origin: request.origin))
        switch decision {
        case .allow(let setCookie):
            guard !request.isUpgrade || request.path == WebSocketTransport.rpcPath else {
                refused(request, because: "a WebSocket upgrade on a path other than \(WebSocketTransport.rpcPath)")
                return .refuse
            }
            return .admit(setCookie: setCookie)
        case .refuse(let why):
            refused(request, because: why.description)
            return .refuse
        }
    }

    func webServer(_ server: WebServer, respondTo request: WebRequest) -> WebResponse? { nil }

    func webServer(_ server: WebServer, opened connection: WebSocketConnection) {
        guard let delegate else {
            connection.close(code: .goingAway, reason: "server shutting down")
            return
        }
        let client = WebSocketClient(connection: connection, scheduler: loop)
        clients[connection.id] = client
        _ = delegate.accepted(client)
    }

    func webServer(_ server: WebServer, received message: [UInt8], on connection: WebSocketConnection) {
        guard let client = openClient(connection) else { return }
        delegate?.received(message[...], on: client)
    }

    func webServer(_ server: WebServer, receivedUnreadable kind: WebSocketUnreadable, on connection: WebSocketConnection) {
        guard let client = openClient(connection) else { return }
        switch kind {
        case .binary: delegate?.unreadable("it is a binary WebSocket message; send each request as a text message of UTF-8 JSON", on: client)
        case .invalidUTF8: delegate?.unreadable("its bytes are not UTF-8; send UTF-8 JSON", on: client)
        }
    }

    func webServer(_ server: WebServer, oversizedMessage limit: Int, on connection: WebSocketConnection) {
        guard let client = openClient(connection) else { return }
        client.closeCode = .messageTooBig
        delegate?.oversized(limit: limit, on: client)
    }

    /// The client closed (a WebSocket has no half-close: its answers cannot reach it now), or
    /// the connection broke. To the server this is the end of the client's input, as when a
    /// socket client hangs up: its menus close, and it is forgotten once nothing is owed.
    func webServer(_ server: WebServer, closed connection: WebSocketConnection) {
        guard let client = clients.removeValue(forKey: connection.id) else { return }
        client.endLinger()
        guard !client.isClosed else { return }
        delegate?.endOfInput(on: client)
    }

    func webServer(_ server: WebServer, libraryReported line: String) {
        guard let leftOut = libraryLines.note() else { return }
        log.warning("web server: \(line)\(leftOut > 0 ? " (\(leftOut) more such lines since the last one were not logged)" : "")")
    }

    // MARK: Helpers

    private func openClient(_ connection: WebSocketConnection) -> WebSocketClient? {
        guard let client = clients[connection.id], !client.isClosed else { return nil }
        return client
    }

    private func refused(_ request: WebRequest, because why: String) {
        guard let leftOut = refusals.note() else { return }
        let what = request.isUpgrade ? "a WebSocket upgrade" : "an HTTP \(request.method)"
        log.warning("web: refused \(what) from \(request.peerAddress) with 403: \(why)\(leftOut > 0 ? " (\(leftOut) more refusals since the last one logged; at most one a minute is)" : "")")
    }
}
