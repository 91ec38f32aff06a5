import MenudJSON

/// One entry of `daemon.status`'s `plugins`.
public struct StatusPlugin: Sendable, Equatable {
    public var name: String
    public var version: String
    /// How many actions the plugin offers.
    public var actions: Int64
    /// The module file the plugin was loaded from; nil for a plugin built into the daemon.
    public var file: String?
    /// Something to act on, such as a replaced module that needs a restart; nil when none.
    public var notice: String?

    public init(name: String, version: String, actions: Int64, file: String? = nil, notice: String? = nil) {
        self.name = name
        self.version = version
        self.actions = actions
        self.file = file
        self.notice = notice
    }

    /// Reads an entry; tolerantly a missing name is `?`, a missing version empty and a missing
    /// action count 0.
    public init(from object: JSONObject, mode: DecodingMode = .strict) throws(RPCError) {
        name = try mode.value(object.requiredString("name", within: "plugins"), orElse: "?")
        version = try mode.value(object.requiredString("version", within: "plugins"), orElse: "")
        actions = try mode.value(object.requiredInt("actions", within: "plugins"), orElse: 0)
        file = try mode.value(object.optionalString("file", within: "plugins"), orElse: nil)
        notice = try mode.value(object.optionalString("notice", within: "plugins"), orElse: nil)
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.stringMember(ascii: "name", name)
        writer.stringMember(ascii: "version", version)
        writer.key(ascii: "actions"); writer.writeInt(actions)
        writer.key(ascii: "builtIn"); writer.writeBool(file == nil)
        if let file { writer.stringMember(ascii: "file", file) }
        if let notice { writer.stringMember(ascii: "notice", notice) }
        writer.endObject()
    }
}
