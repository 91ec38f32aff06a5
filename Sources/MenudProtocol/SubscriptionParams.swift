import MenudJSON

/// The params of `subscribe` and `unsubscribe`: notification kinds, `files` and/or `menus`.
public struct SubscriptionParams: RPCParams, Equatable {
    /// The kinds a connection can subscribe to.
    public static let kinds: Set = ["files", "menus"]

    public var events: [String]

    public init(events: [String]) {
        self.events = events
    }

    public init(from params: JSONObject) throws(RPCError) {
        try params.rejectUnknownKeys(allowed: ["events"])
        guard let events = try params.optionalStringArray("events") else {
            throw .invalidParams(param: "events", "events is required: a list with \"files\" and/or \"menus\"")
        }
        for event in events where !Self.kinds.contains(event) {
            throw .invalidParams(param: "events", "unknown event kind \"\(event)\"; use \"files\" and/or \"menus\"")
        }
        self.events = events
    }

    public var json: JSONObject { ["events": .array(events.map { .string($0) })] }
}
