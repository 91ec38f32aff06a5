/// What the request gate looks at in one HTTP request or WebSocket upgrade, as the web server
/// read it: the decoded path, the decoded query arguments, and the headers that carry the
/// secret and name the site.
public struct WebGateRequest: Sendable, Equatable {
    /// True for the WebSocket upgrade, false for a plain HTTP request.
    public var isUpgrade: Bool
    /// The path without the query, `%XX` already decoded (`/`, `/app.js`).
    public var path: String
    /// The query arguments as `name=value`, each decoded, in order.
    public var query: [String]
    /// The value of each `Cookie` header, one entry per header line.
    public var cookies: [String]
    /// The `Host` header, nil when the request had none.
    public var host: String?
    /// The `Origin` header, nil when the request had none.
    public var origin: String?

    public init(isUpgrade: Bool, path: String, query: [String] = [], cookies: [String] = [],
                host: String?, origin: String? = nil) {
        self.isUpgrade = isUpgrade
        self.path = path
        self.query = query
        self.cookies = cookies
        self.host = host
        self.origin = origin
    }
}
