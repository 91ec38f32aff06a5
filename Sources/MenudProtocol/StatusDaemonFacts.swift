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
        var missing: Set<String> = []
        try self.init(from: object, mode: .strict, missing: &missing)
    }

    /// Reads the facts from the `daemon.status` result; tolerantly what is missing or unreadable
    /// takes a neutral value and its name goes into `missing`, and unreadable entries of
    /// `plugins` and `refusedPlugins` are skipped.
    public init(from object: JSONObject, mode: DecodingMode, missing: inout Set<String>) throws(RPCError) {
        version = try mode.value(object.requiredString("version"), orElse: "", noting: "version", in: &missing)
        root = try mode.value(object.requiredString("root"), orElse: "", noting: "root", in: &missing)
        settleMs = try mode.value(object.requiredInt("settleMs"), orElse: 0, noting: "settleMs", in: &missing)
        expireAfterMs = try mode.value(object.optionalInt("expireAfterMs"), orElse: nil)
        let entries = try mode.value(object.requiredList("plugins", of: "{name, version, actions}"), orElse: [], noting: "plugins", in: &missing)
        plugins = []
        for entry in entries {
            guard let plugin = entry.objectValue else {
                if mode == .tolerant { continue }
                throw .invalidParams(param: "plugins", "every entry of plugins must be an object")
            }
            plugins.append(try StatusPlugin(from: plugin, mode: mode))
        }
        refusedPlugins = []
        for entry in try mode.value(object.optionalArray("refusedPlugins") ?? [], orElse: []) {
            guard let refused = entry.objectValue else {
                if mode == .tolerant { continue }
                throw .invalidParams(param: "refusedPlugins", "every entry of refusedPlugins must be an object {file, reason}")
            }
            if let entry = try mode.value(StatusRefusedPlugin(from: refused), orElse: nil) { refusedPlugins.append(entry) }
        }
        socket = try mode.value(object.requiredString("socket"), orElse: "", noting: "socket", in: &missing)
        pid = try mode.value(object.requiredInt("pid"), orElse: 0, noting: "pid", in: &missing)
        web = try mode.value(Self.web(in: object, mode: mode), orElse: nil)
    }

    /// `web`: null or absent when the page is off.
    private static func web(in object: JSONObject, mode: DecodingMode) throws(RPCError) -> StatusWeb? {
        guard let web = object["web"], web != .null else { return nil }
        guard let members = web.objectValue else {
            throw .invalidParams(param: "web", "web must be null or {listen, url, tokenFile}")
        }
        return try StatusWeb(from: members, mode: mode)
    }

    /// The members, `"version":…,…,"pid":…`, without braces (for `JSONWriter.writeRawMembers`).
    public var encodedMembers: [UInt8] {
        var writer = JSONWriter(reservingCapacity: 384)
        writer.beginObject()
        writer.stringMember(ascii: "version", version)
        writer.stringMember(ascii: "root", root)
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
        writer.stringMember(ascii: "socket", socket)
        writer.key(ascii: "pid"); writer.writeInt(pid)
        writer.key(ascii: "web")
        if let web { web.write(to: &writer) } else { writer.writeNull() }
        writer.endObject()
        return Array(writer.bytes.dropFirst().dropLast())
    }
}
