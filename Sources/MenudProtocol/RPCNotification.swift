import MenudJSON

/// A notification the daemon sends (`files.changed`, `files.removed`, `menu.invalidated`,
/// `action.progress`): its method name, and its params read back by a client.
public protocol RPCNotification: Sendable {
    static var method: String { get }
    init(from params: JSONObject) throws(RPCError)
}
