/// What the web server asks and tells the code that uses it. Every call comes on the loop
/// thread, from inside the server's libwebsockets callbacks: the owner may call `send`,
/// `close` and `drop` on connections from here (closes are carried out from the server's own
/// timer, after the callback returns).
public protocol WebServerOwner: AnyObject {
    /// Every HTTP request and every WebSocket upgrade, before anything is served.
    func webServer(_ server: WebServer, admit request: WebRequest) -> WebAdmission
    /// An admitted GET: a generated response, or nil to serve the file from the document
    /// folder (404 when there is none).
    func webServer(_ server: WebServer, respondTo request: WebRequest) -> WebResponse?
    /// A WebSocket connection is open (its upgrade was admitted).
    func webServer(_ server: WebServer, opened connection: WebSocketConnection)
    /// One whole text message, valid UTF-8.
    func webServer(_ server: WebServer, received message: [UInt8], on connection: WebSocketConnection)
    /// One whole message that is binary or not UTF-8; the connection stays open.
    func webServer(_ server: WebServer, receivedUnreadable kind: WebSocketUnreadable, on connection: WebSocketConnection)
    /// A message grew past `limit` bytes (its bytes are dropped). The owner may send a last
    /// answer now; then the server closes the connection with 1009, after what is queued.
    func webServer(_ server: WebServer, oversizedMessage limit: Int, on connection: WebSocketConnection)
    /// The connection is gone (closed by either side, dropped, or shut down); nothing sent to
    /// it goes anywhere from now on.
    func webServer(_ server: WebServer, closed connection: WebSocketConnection)
    /// libwebsockets reported an error or a warning (clients can provoke some: the owner
    /// should rate-limit these in its log).
    func webServer(_ server: WebServer, libraryReported line: String)
}
