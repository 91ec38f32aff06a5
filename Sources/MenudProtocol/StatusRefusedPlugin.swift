import MenudJSON

/// One entry of `daemon.status`'s `refusedPlugins`: a plugin module file the daemon did not load.
public struct StatusRefusedPlugin: Sendable, Equatable {
    public var file: String
    /// Why, in words that name what to fix (both versions, the unsafe mode, the `dlerror` text).
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public init(from object: JSONObject) throws(RPCError) {
        file = try object.requiredString("file", within: "refusedPlugins")
        reason = try object.requiredString("reason", within: "refusedPlugins")
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.stringMember(ascii: "file", file)
        writer.stringMember(ascii: "reason", reason)
        writer.endObject()
    }
}
