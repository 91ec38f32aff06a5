import MenudCore
import MenudJSON

/// A message the daemon sent on its own (no `id`): `files.changed`, `menu.invalidated`,
/// `action.progress`...
public struct DaemonNotification: Sendable, Equatable {
    public let method: String
    public let params: JSONObject

    public init(method: String, params: JSONObject) {
        self.method = method
        self.params = params
    }
}
