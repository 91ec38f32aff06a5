import MenudJSON

/// One entry of `daemon.status`'s `plugins`.
public struct StatusPlugin: Sendable, Equatable {
    public var name: String
    public var version: String
    /// How many actions the plugin offers.
    public var actions: Int64

    public init(name: String, version: String, actions: Int64) {
        self.name = name
        self.version = version
        self.actions = actions
    }

    public init(from object: JSONObject) throws(RPCError) {
        name = try object.requiredString("name", within: "plugins")
        version = try object.requiredString("version", within: "plugins")
        actions = try object.requiredInt("actions", within: "plugins")
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("name"); writer.writeString(name)
        writer.key("version"); writer.writeString(version)
        writer.key("actions"); writer.writeInt(actions)
        writer.endObject()
    }
}
