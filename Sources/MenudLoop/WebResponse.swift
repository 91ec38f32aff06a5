/// A complete HTTP response body with its type, sent with a Content-Length.
public struct WebResponse: Sendable, Equatable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]
    /// `no-store` unless said otherwise: generated answers are not kept by the browser.
    public var cacheControl: String

    public init(status: Int = 200, contentType: String, body: [UInt8], cacheControl: String = "no-store") {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.cacheControl = cacheControl
    }

    /// An empty response with `status` (404, 405, 503...).
    static func empty(_ status: Int) -> WebResponse {
        WebResponse(status: status, contentType: "text/plain; charset=utf-8", body: [])
    }
}
