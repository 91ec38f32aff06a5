import Glibc

/// One address the web server listens on: an IPv4 or IPv6 literal and a port (0 in a
/// configuration: any free port, learnt once bound).
public struct WebListenAddress: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The address as written, without brackets: `127.0.0.1`, `::1`.
    public let host: String
    public let port: Int

    /// An address from an IP literal and a port. Host names are refused: the server binds to
    /// exactly what it is told, and a name could resolve to anything.
    public init(host: String, port: Int) throws(WebServerError) {
        guard (0...65_535).contains(port) else { throw WebServerError(.invalidAddress("\(host):\(port)", "the port must be 0 to 65535")) }
        guard WebListenAddress.isIPv4(host) || WebListenAddress.isIPv6(host) else {
            throw WebServerError(.invalidAddress(host, "give an IP address such as 127.0.0.1 or ::1, not a host name"))
        }
        self.host = host
        self.port = port
    }

    /// Parses `127.0.0.1:7780` or `[::1]:7780`.
    public static func parse(_ text: String) throws(WebServerError) -> WebListenAddress {
        let host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                throw WebServerError(.invalidAddress(text, "write an IPv6 address as [::1]:PORT"))
            }
            host = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else {
                throw WebServerError(.invalidAddress(text, "write the address as 127.0.0.1:PORT or [::1]:PORT"))
            }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        guard let port = Int(portText) else { throw WebServerError(.invalidAddress(text, "the port must be a number from 0 to 65535")) }
        return try WebListenAddress(host: String(host), port: port)
    }

    /// True for an IPv6 literal.
    public var isIPv6: Bool { WebListenAddress.isIPv6(host) }

    /// True for 127.0.0.0/8 and ::1: only this machine can connect.
    public var isLoopback: Bool {
        if isIPv6 { return WebListenAddress.ipv6Bytes(host) == [UInt8](repeating: 0, count: 15) + [1] }
        return host.split(separator: ".").first == "127"
    }

    /// The same address with another port (the one actually bound).
    func with(port: Int) -> WebListenAddress {
        (try? WebListenAddress(host: host, port: port)) ?? self
    }

    /// `127.0.0.1:7780`, `[::1]:7780`: as it goes into a URL.
    public var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    private static func isIPv4(_ text: String) -> Bool {
        var address = in_addr()
        return inet_pton(AF_INET, text, &address) == 1
    }

    private static func isIPv6(_ text: String) -> Bool { ipv6Bytes(text) != nil }

    private static func ipv6Bytes(_ text: String) -> [UInt8]? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }
}
