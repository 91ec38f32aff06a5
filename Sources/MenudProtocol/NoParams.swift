import MenudJSON

/// The params of a method that takes none (`daemon.status`): any member is refused.
public struct NoParams: RPCParams, Equatable {
    public init() {}

    public init(from params: JSONObject) throws(RPCError) {
        try params.rejectUnknownKeys(allowed: [])
    }

    public var json: JSONObject { JSONObject() }
}
