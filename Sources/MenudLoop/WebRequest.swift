/// One HTTP request or WebSocket upgrade as the server read it, for the owner to decide on
/// (and, for an admitted GET, to answer).
public struct WebRequest: Sendable, Equatable {
    /// True for the WebSocket upgrade.
    public let isUpgrade: Bool
    /// `GET`, `POST`, `HEAD`, or `OTHER` for a method the server does not tell apart.
    public let method: String
    /// The path without the query; libwebsockets has decoded `%XX` and resolved `/./` and
    /// `/../` (never above `/`) before the server sees it.
    public let path: String
    /// The query arguments as `name=value`, each decoded.
    public let query: [String]
    /// One entry per `Cookie` header.
    public let cookies: [String]
    public let host: String?
    public let origin: String?
    /// The client's IP address (`127.0.0.1`, `::1`).
    public let peerAddress: String
    /// The listening address (with its bound port) the request came in on.
    public let listener: WebListenAddress

    public init(isUpgrade: Bool, method: String, path: String, query: [String], cookies: [String],
                host: String?, origin: String?, peerAddress: String, listener: WebListenAddress) {
        self.isUpgrade = isUpgrade
        self.method = method
        self.path = path
        self.query = query
        self.cookies = cookies
        self.host = host
        self.origin = origin
        self.peerAddress = peerAddress
        self.listener = listener
    }
}
