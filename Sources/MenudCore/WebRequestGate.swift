/// The rules every request to the daemon's web page passes before anything is served.
///
/// - `Host` must name the listening address (`127.0.0.1:PORT`, `[::1]:PORT`, `localhost:PORT`):
///   a page on another name that was made to resolve to 127.0.0.1 (DNS rebinding) is refused.
/// - `Origin`, when present, must be `http://` followed by that same `Host`; the WebSocket upgrade
///   must have one (browsers always send it there, so its absence means something else is
///   calling).
/// - The secret: in the query (`?token=`) on a GET of the page itself, which then sets it as an
///   HttpOnly, SameSite=Strict cookie for the whole site, or in that cookie on any request. It is
///   compared in constant time. A query secret anywhere but on the page does not count, so the
///   secret only ever sits in one URL, the one `menuctl web` prints.
public struct WebRequestGate: Sendable {
    /// The cookie that carries the secret after the first visit.
    public static let cookieName = "menud_token"
    /// The query argument that carries the secret on the first visit.
    public static let queryName = "token"
    /// How long a secret may be.
    public static let secretLengths = 32...256
    /// Longest `Host` or `Origin` the gate reads (a host name is at most 253 bytes).
    public static let maxNameHeaderBytes = 320
    /// Longest single `Cookie` header the gate reads.
    public static let maxCookieHeaderBytes = 8192

    private let secret: [UInt8]
    private let hosts: Set<String>
    /// The paths where the query secret is accepted.
    public let pagePaths: Set<String>

    /// A gate for `secret` that accepts the `hosts` (as `Host` headers say them, with the port;
    /// see `hosts(listeningOn:port:)`).
    public init(secret: String, hosts: [String], pagePaths: Set<String> = ["/", "/index.html"]) throws(WebGateError) {
        let bytes = Array(secret.utf8)
        guard WebRequestGate.secretLengths.contains(bytes.count), bytes.allSatisfy(WebRequestGate.isSecretByte) else {
            throw WebGateError.unusableSecret(length: bytes.count)
        }
        guard !hosts.isEmpty else { throw WebGateError.noHosts }
        self.secret = bytes
        self.hosts = Set(hosts.map { $0.lowercased() })
        self.pagePaths = pagePaths
    }

    /// The `Host` header values that name a listening address: the address as a URL writes it
    /// and, for a loopback address, `localhost`.
    public static func hosts(listeningOn address: String, port: Int) -> [String] {
        let isIPv6 = address.contains(":")
        var names = [(isIPv6 ? "[\(address)]" : address) + ":\(port)"]
        if address == "127.0.0.1" || address == "::1" { names.append("localhost:\(port)") }
        return names
    }

    /// The `Set-Cookie` value that hands the secret to the browser.
    public var setCookie: String {
        "\(WebRequestGate.cookieName)=\(String(decoding: secret, as: UTF8.self)); Path=/; HttpOnly; SameSite=Strict"
    }

    /// Decides one request.
    public func decide(_ request: WebGateRequest) -> WebGateDecision {
        if let tooLong = WebRequestGate.overlongHeader(in: request) { return .refuse(.headerTooLong(tooLong)) }
        guard let host = request.host else { return .refuse(.missingHost) }
        guard hosts.contains(host.lowercased()) else { return .refuse(.foreignHost(host)) }
        if let origin = request.origin {
            guard origin.lowercased() == "http://" + host.lowercased() else { return .refuse(.foreignOrigin(origin)) }
        } else if request.isUpgrade {
            return .refuse(.missingOrigin)
        }
        var offered = false
        for value in cookieSecrets(request.cookies) {
            offered = true
            if matches(value) { return .allow(setCookie: nil) }
        }
        if !request.isUpgrade, pagePaths.contains(request.path) {
            for value in querySecrets(request.query) {
                offered = true
                if matches(value) { return .allow(setCookie: setCookie) }
            }
        }
        return .refuse(offered ? .wrongSecret : .missingSecret)
    }

    /// Constant-time comparison with the secret: every byte of the secret is looked at whatever
    /// the candidate holds, so the time taken does not say how much of a guess was right.
    func matches(_ candidate: Substring.UTF8View) -> Bool {
        var difference: UInt8 = candidate.count == secret.count ? 0 : 1
        var index = candidate.startIndex
        for byte in secret {
            var given: UInt8 = 0
            if index != candidate.endIndex {
                given = candidate[index]
                index = candidate.index(after: index)
            }
            difference |= given ^ byte
        }
        return difference == 0
    }

    /// The values of every `menud_token` cookie, in every `Cookie` header (`a=1; b=2`, spaces
    /// and tabs around pairs ignored, a value in double quotes unquoted).
    private func cookieSecrets(_ headers: [String]) -> [Substring.UTF8View] {
        var values: [Substring.UTF8View] = []
        for header in headers {
            for pair in header.split(separator: ";") {
                let trimmed = pair.drop { $0 == " " || $0 == "\t" }
                guard let equals = trimmed.firstIndex(of: "=") else { continue }
                let name = WebRequestGate.trimmingTrailingBlanks(trimmed[..<equals])
                guard name == WebRequestGate.cookieName else { continue }
                var value = WebRequestGate.trimmingTrailingBlanks(trimmed[trimmed.index(after: equals)...].drop { $0 == " " || $0 == "\t" })
                if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
                values.append(value.utf8)
            }
        }
        return values
    }

    private func querySecrets(_ query: [String]) -> [Substring.UTF8View] {
        query.compactMap { argument in
            guard let equals = argument.firstIndex(of: "="), argument[..<equals] == WebRequestGate.queryName else { return nil }
            return argument[argument.index(after: equals)...].utf8
        }
    }

    private static func overlongHeader(in request: WebGateRequest) -> String? {
        if (request.host?.utf8.count ?? 0) > maxNameHeaderBytes { return "Host" }
        if (request.origin?.utf8.count ?? 0) > maxNameHeaderBytes { return "Origin" }
        if request.cookies.contains(where: { $0.utf8.count > maxCookieHeaderBytes }) { return "Cookie" }
        return nil
    }

    private static func trimmingTrailingBlanks(_ text: Substring) -> Substring {
        var result = text
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }

    private static func isSecretByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }
}
