import MenudLoop

/// The `web` section of the configuration: where the daemon serves the web page and its
/// WebSocket, checked when the file is loaded.
public struct ConfigWeb: Sendable, Equatable {
    /// The address to listen on (`127.0.0.1:7780`, `[::1]:7780`); nil: the web server is off.
    public var listen: WebListenAddress?
    /// True only when the file says `allowNonLoopback: true`: then `listen` (or `--web`) may
    /// name an address other machines can reach.
    public var allowNonLoopback: Bool
    /// The folder of the page's files (absolute); nil: the installed page or the source tree's.
    public var documents: String?

    public init(listen: WebListenAddress? = nil, allowNonLoopback: Bool = false, documents: String? = nil) {
        self.listen = listen
        self.allowNonLoopback = allowNonLoopback
        self.documents = documents
    }

    /// Every key the `web` object may hold.
    public static let allowedKeys = ["listen", "allowNonLoopback", "documents"]

    /// Why `address` may not be listened on, or nil when it may: a wildcard address never
    /// matches the `Host` a browser sends, and one other machines reach needs the config's
    /// explicit permission.
    public static func refusal(of address: WebListenAddress, allowNonLoopback: Bool) -> String? {
        if address.host == "0.0.0.0" || address.host == "::" {
            return "\(address) listens on every interface, and no browser names that address in its Host header; give the address of one interface (127.0.0.1 for this machine only)"
        }
        if !address.isLoopback && !allowNonLoopback {
            return "\(address) is not a loopback address, so other machines could reach the page; use 127.0.0.1 or [::1], or set web.allowNonLoopback: true in the config to allow it"
        }
        return nil
    }
}
