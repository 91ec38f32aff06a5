import MenudJSON

/// The members of `daemon.status` that change only with a reload (or never): the daemon's
/// version, configuration, plugins, socket, pid and web page. The daemon encodes them once per
/// configuration (``encodedMembers``).
public struct StatusDaemonFacts: Sendable, Equatable {
    public var version: String
    public var root: String
    public var settleMs: Int64
    /// nil when files never expire (written as `null`).
    public var expireAfterMs: Int64?
    public var plugins: [StatusPlugin]
    /// Plugin module files refused at the last (re)load, with why; empty when none.
    public var refusedPlugins: [StatusRefusedPlugin] = []
    public var socket: String
    public var pid: Int64
    /// The web page, nil when it is off (written as `null`).
    public var web: StatusWeb?

    public init(version: String, root: String, settleMs: Int64, expireAfterMs: Int64?, plugins: [StatusPlugin],
                socket: String, pid: Int64, web: StatusWeb? = nil) {
        self.version = version
        self.root = root
        self.settleMs = settleMs
        self.expireAfterMs = expireAfterMs
        self.plugins = plugins
        self.socket = socket
        self.pid = pid
        self.web = web
    }

    public init(from object: JSONObject) throws(RPCError) {
        version = try object.requiredString("version")
        root = try object.requiredString("root")
        settleMs = try object.requiredInt("settleMs")
        expireAfterMs = try object.optionalInt("expireAfterMs")
        guard let entries = object["plugins"]?.arrayValue else {
            throw .invalidParams(param: "plugins", "plugins is required: a list of {name, version, actions}")
        }
        var plugins: [StatusPlugin] = []
        for entry in entries {
            guard let plugin = entry.objectValue else {
                throw .invalidParams(param: "plugins", "every entry of plugins must be an object")
            }
            plugins.append(try StatusPlugin(from: plugin))
        }
        self.plugins = plugins
        refusedPlugins = []
        for entry in object["refusedPlugins"]?.arrayValue ?? [] {
            guard let refused = entry.objectValue else {
                throw .invalidParams(param: "refusedPlugins", "every entry of refusedPlugins must be an object {file, reason}")
            }
            refusedPlugins.append(try StatusRefusedPlugin(from: refused))
        }
        socket = try object.requiredString("socket")
        pid = try object.requiredInt("pid")
        if let web = object["web"], web != .null {
            guard let members = web.objectValue else {
                throw .invalidParams(param: "web", "web must be null or {listen, url, tokenFile}")
            }
            self.web = try StatusWeb(from: members)
        } else {
            web = nil
        }
    }

    /// The members, `"version":…,…,"pid":…`, without braces (for `JSONWriter.writeRawMembers`).
    public var encodedMembers: [UInt8] {
        var writer = JSONWriter(reservingCapacity: 384)
        writer.beginObject()
        writer.key(ascii: "version"); writer.writeString(version)
        writer.key(ascii: "root"); writer.writeString(root)
        writer.key(ascii: "settleMs"); writer.writeInt(settleMs)
        writer.key(ascii: "expireAfterMs")
        if let expireAfterMs { writer.writeInt(expireAfterMs) } else { writer.writeNull() }
        writer.key(ascii: "plugins")
        writer.beginArray()
        for plugin in plugins { plugin.write(to: &writer) }
        writer.endArray()
        writer.key(ascii: "refusedPlugins")
        writer.beginArray()
        for refused in refusedPlugins { refused.write(to: &writer) }
        writer.endArray()
        writer.key(ascii: "socket"); writer.writeString(socket)
        writer.key(ascii: "pid"); writer.writeInt(pid)
        writer.key(ascii: "web")
        if let web { web.write(to: &writer) } else { writer.writeNull() }
        writer.endObject()
        return Array(writer.bytes.dropFirst().dropLast())
    }
}
