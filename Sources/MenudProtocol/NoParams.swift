import MenudJSON

/// The params of a method that takes none (`daemon.status`): any member is refused.
public struct NoParams: RPCParams, Equatable {
    public init() {}

    public init(from params: JSONObject) throws(RPCError) {
        // The usual case, an empty object or none, has nothing to look through.
        guard !params.isEmpty else { return }
        try params.rejectUnknownKeys(allowed: [])
    }

    public var json: JSONObject { JSONObject() }
}
