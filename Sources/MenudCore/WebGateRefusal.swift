/// Why the gate refused a request. For the daemon's log, never for the client (which gets a
/// bare 403): the texts quote what the client sent, shortened and with control characters
/// escaped, so a hostile header cannot forge log lines.
public enum WebGateRefusal: Sendable, Equatable, CustomStringConvertible {
    /// No `Host` header.
    case missingHost
    /// A `Host` that is not the address the server listens on (DNS rebinding looks like this).
    case foreignHost(String)
    /// The upgrade came without an `Origin` header.
    case missingOrigin
    /// An `Origin` that is not the page's own.
    case foreignOrigin(String)
    /// Neither the query (on the page) nor a cookie carried the secret.
    case missingSecret
    /// A secret was given and it was not the right one.
    case wrongSecret
    /// A header longer than the gate reads (`name`), refused without looking further.
    case headerTooLong(String)

    public var description: String {
        switch self {
        case .missingHost: "no Host header"
        case .foreignHost(let host): "Host \(WebGateRefusal.quoted(host)) is not the listening address"
        case .missingOrigin: "WebSocket upgrade without an Origin header"
        case .foreignOrigin(let origin): "Origin \(WebGateRefusal.quoted(origin)) is not the page's own"
        case .missingSecret: "no secret in the query or a cookie"
        case .wrongSecret: "wrong secret"
        case .headerTooLong(let name): "\(name) header too long"
        }
    }

    /// At most 80 characters in quotes, control characters and quotes escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars.prefix(80) {
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\"" || scalar == "\\" {
                result += scalar.escaped(asASCII: true)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result + (text.unicodeScalars.count > 80 ? "…\"" : "\"")
    }
}
