/// The owner's decision on one request, before anything is served.
public enum WebAdmission: Sendable, Equatable {
    /// Serve it; `setCookie` (the header's value) goes with an HTTP response (not with a
    /// WebSocket upgrade, whose reply libwebsockets writes).
    case admit(setCookie: String?)
    /// 403 with an empty body, nothing else.
    case refuse
}
