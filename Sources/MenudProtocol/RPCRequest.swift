import MenudJSON

/// A request (or, with `id == nil`, a notification) that passed JSON-RPC 2.0 shape checks.
public struct RPCRequest: Sendable, Equatable {
    /// The request id; nil for a notification, which gets no response.
    public var id: RPCId?
    public var method: String
    /// The named parameters; empty when the request left `params` out.
    public var params: JSONObject

    public init(id: RPCId?, method: String, params: JSONObject = JSONObject()) {
        self.id = id
        self.method = method
        self.params = params
    }

    public var isNotification: Bool { id == nil }
}
