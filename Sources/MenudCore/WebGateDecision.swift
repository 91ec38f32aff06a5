/// The gate's answer for one request.
public enum WebGateDecision: Sendable, Equatable {
    /// Serve it; when `setCookie` is given, send it as the response's `Set-Cookie` header (the
    /// secret came in the page's query and becomes a cookie).
    case allow(setCookie: String?)
    /// Answer 403 with an empty body and serve nothing; the reason is for the log only.
    case refuse(WebGateRefusal)
}
