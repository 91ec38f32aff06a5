import MenudJSON
import MenudProtocol

/// A notification the daemon sent (`files.changed`, `files.removed`, `menu.invalidated`,
/// `action.progress`), as it came; ``decode(_:)`` reads it as the protocol's type.
public struct ServerNotification: Sendable, Equatable {
    public let method: String
    public let params: JSONObject

    public init(method: String, params: JSONObject) {
        self.method = method
        self.params = params
    }

    /// The notification as `N` when it is one (nil for another method); throws when its params
    /// do not have `N`'s shape.
    public func decode<N: RPCNotification>(_ type: N.Type) throws(RPCError) -> N? {
        guard method == N.method else { return nil }
        return try N(from: params)
    }
}
