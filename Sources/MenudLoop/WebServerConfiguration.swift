/// What the web server listens on and the limits it keeps.
public struct WebServerConfiguration: Sendable {
    /// The addresses to listen on. With port 0 the first address gets any free port and the
    /// others the same one, so the site has a single port.
    public var addresses: [WebListenAddress]
    /// The folder whose files are served (absolute path), nil for generated responses only.
    public var documentFolder: String?
    /// The longest WebSocket message taken in, fragments together; a longer one closes the
    /// connection with 1009.
    public var maxMessageBytes = 1 << 20
    /// TCP connections at once, HTTP and WebSocket together; more wait in the kernel's backlog
    /// until one closes (idle HTTP ones close after 5 s).
    public var maxConnections = 256
    /// Room for one request's headers; a request with more is dropped by lws without a reply.
    public var maxHeaderBytes = 8192
    /// The largest file served from the document folder.
    public var maxDocumentBytes = 8 << 20
    /// A WebSocket idle this long gets a ping...
    public var pingAfterSeconds: UInt16 = 30
    /// ...and is hung up when nothing valid (a pong, a message) came for this long.
    public var hangUpAfterSeconds: UInt16 = 75
    /// How long shutting down waits for the WebSocket closing handshakes.
    public var shutdownGraceMs: UInt64 = 2000
    /// Sent with every response that is served. The page loads scripts and styles from its own
    /// files only and connects back to its own origin (inline scripts and `style` attributes in
    /// the HTML are blocked; styles set from a script are not).
    public var contentSecurityPolicy = "default-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

    public init(addresses: [WebListenAddress], documentFolder: String? = nil) {
        self.addresses = addresses
        self.documentFolder = documentFolder
    }

    /// Throws for a setting the server cannot work with.
    func validate() throws(WebServerError) {
        guard !addresses.isEmpty else { throw WebServerError(.invalidSetting("addresses", "give at least one address to listen on")) }
        guard Set(addresses.map(\.host)).count == addresses.count else {
            throw WebServerError(.invalidSetting("addresses", "each address once (one port serves the whole site)"))
        }
        guard (16...(1 << 30)).contains(maxMessageBytes) else { throw WebServerError(.invalidSetting("maxMessageBytes", "16 bytes to 1 GiB")) }
        guard (1...65_536).contains(maxConnections) else { throw WebServerError(.invalidSetting("maxConnections", "1 to 65536")) }
        guard (1024...65_535).contains(maxHeaderBytes) else { throw WebServerError(.invalidSetting("maxHeaderBytes", "1024 to 65535")) }
        guard maxDocumentBytes > 0 else { throw WebServerError(.invalidSetting("maxDocumentBytes", "more than 0")) }
        guard pingAfterSeconds > 0, hangUpAfterSeconds > pingAfterSeconds else {
            throw WebServerError(.invalidSetting("hangUpAfterSeconds", "more than pingAfterSeconds, which must be at least 1"))
        }
        guard !contentSecurityPolicy.contains(where: { $0 == "\r" || $0 == "\n" }) else {
            throw WebServerError(.invalidSetting("contentSecurityPolicy", "one line"))
        }
    }
}
