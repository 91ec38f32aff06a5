import MenudCore

/// Turns a decoded configuration tree into a checked `MenudConfig`.
enum ConfigLoader {
    private static let day: Int64 = 86_400_000
    /// sun_path holds 108 bytes with the terminating NUL.
    private static let maxSocketPathBytes = 107

    static func build(_ value: ConfigValue, file: String, baseDirectory: String, environment: ConfigEnvironment) throws(ConfigError) -> MenudConfig {
        var config = MenudConfig.defaults(environment: environment)
        let top = try ConfigObjectReader(value, at: "", file: file, allowedKeys: MenudConfig.allowedKeys)

        if let rootValue = top["root"], rootValue != .null, let root = try top.string("root") {
            config.root = environment.resolvePath(root, relativeTo: baseDirectory)
        }
        if let socket = top["socket"], socket != .null {
            let path = environment.resolvePath(try ConfigObjectReader.string(socket, at: "socket", file: file, allowEmpty: false), relativeTo: baseDirectory)
            guard path.utf8.count <= maxSocketPathBytes else {
                throw top.fail("socket", "the path \(path) is \(path.utf8.count) bytes long, but a Unix socket path can have at most \(maxSocketPathBytes); choose a shorter one")
            }
            config.socket = path
        }
        if let settle = try top.duration("settle", in: 0...day) {
            config.settleMs = settle
        }
        if let expireAfter = top["expireAfter"] {
            config.expireAfterMs = expireAfter == .null ? nil
                : try ConfigObjectReader.duration(expireAfter, at: "expireAfter", file: file, in: 1000...(3650 * day))
        }
        if let suffixes = try top.stringArray("partialSuffixes") {
            for suffix in suffixes where suffix.value.contains("/") {
                throw .invalidValue(file: file, keyPath: suffix.keyPath, problem: "\"\(suffix.value)\" contains \"/\"; a suffix is the end of a file name, such as \".part\"")
            }
            config.partialSuffixes = suffixes.map(\.value)
        }
        if let patterns = try top.stringArray("ignore") {
            var compiled: [GlobPattern] = []
            for pattern in patterns {
                do {
                    compiled.append(try GlobPattern(pattern.value))
                } catch {
                    throw .invalidValue(file: file, keyPath: pattern.keyPath, problem: error.description)
                }
            }
            config.ignore = IgnoreRules(patterns: compiled)
        }
        if let level = try top.string("logLevel") {
            guard let parsed = ConfigLogLevel(rawValue: level) else {
                throw top.fail("logLevel", "\"\(level)\" is not a log level; allowed: \(ConfigLogLevel.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            config.logLevel = parsed
        }
        if let bytes = try top.integer("maxFrameBytes", in: 1024...(1 << 30), unit: "bytes") {
            config.maxFrameBytes = Int(bytes)
        }
        if let bytes = try top.integer("maxOutputBytesPerClient", in: 1024...(1 << 34), unit: "bytes") {
            config.maxOutputBytesPerClient = Int(bytes)
        }
        if let count = try top.integer("maxConnections", in: 1...65_536, unit: "connections") {
            config.maxConnections = Int(count)
        }
        if let duration = try top.duration("menuExpire", in: 1000...day) {
            config.menuExpireMs = duration
        }
        if let duration = try top.duration("menuBuildTimeout", in: 1...60_000) {
            config.menuBuildTimeoutMs = duration
        }
        if let duration = try top.duration("actionTimeout", in: 1000...(7 * day)) {
            config.actionTimeoutMs = duration
        }
        if let count = try top.integer("maxOpenMenusPerConnection", in: 1...4096, unit: "menus") {
            config.maxOpenMenusPerConnection = Int(count)
        }
        if let count = try top.integer("maxRunningActions", in: 1...1024, unit: "actions") {
            config.maxRunningActions = Int(count)
        }
        if let watches = top["maxWatches"] {
            config.maxWatches = watches == .null ? nil
                : Int(try ConfigObjectReader.integer(watches, at: "maxWatches", file: file, in: 1...Int64(Int32.max), unit: "watches"))
        }
        if let uids = try top.array("allowUids") {
            var parsed: [UInt32] = []
            for uid in uids {
                parsed.append(UInt32(try ConfigObjectReader.integer(uid.value, at: uid.keyPath, file: file, in: 0...4_294_967_294, unit: "uid")))
            }
            config.allowUids = parsed
        }
        if let action = try top.string("defaultFileAction") {
            guard isItemIdentifier(action) else {
                throw top.fail("defaultFileAction", "\"\(action)\" is not an item identifier; write the plugin and action names joined by dots, such as \"files.inspect\" (letters, digits, \"-\" and \"_\")")
            }
            config.defaultFileAction = action
        }
        if let plugins = top["plugins"] {
            config.plugins = try buildPlugins(plugins, file: file)
        }
        if let commands = try top.array("commands") {
            // Each command's shape belongs to the command-actions plugin, which validates it
            // (with the same file and key-path messages) when the daemon builds its plugins.
            for command in commands {
                guard case .object = command.value else {
                    throw .invalidValue(file: file, keyPath: command.keyPath, problem: "expected a command object ({title, match, argv, ...}), found \(command.value.configDescription)")
                }
            }
            config.commands = commands.map(\.value)
        }
        if let paths = try top.stringArray("pluginPaths") {
            config.pluginPaths = paths.map { environment.resolvePath($0.value, relativeTo: baseDirectory) }
        }
        if let web = top["web"] {
            config.web = try buildWeb(web, file: file, baseDirectory: baseDirectory, environment: environment)
        }
        return config
    }

    private static func buildPlugins(_ value: ConfigValue, file: String) throws(ConfigError) -> [String: ConfigPlugin] {
        guard case .object(let entries) = value else {
            throw .invalidValue(file: file, keyPath: "plugins", problem: "expected an object of plugin names, such as { files: { enabled: true } }, found \(value.configDescription)")
        }
        var plugins: [String: ConfigPlugin] = [:]
        for name in entries.keys.sorted() {
            let keyPath = "plugins.\(name)"
            guard isNameSegment(name) else {
                throw .invalidValue(file: file, keyPath: keyPath, problem: "\"\(name)\" is not a plugin name; use letters, digits, \"-\" and \"_\"")
            }
            let entry = try ConfigObjectReader(entries[name]!, at: keyPath, file: file, allowedKeys: ["enabled", "settings"])
            var plugin = ConfigPlugin()
            if let enabled = try entry.bool("enabled") { plugin.enabled = enabled }
            if let settings = entry["settings"] {
                guard case .object(let fields) = settings else {
                    throw entry.fail("settings", "expected an object ({ ... }) of the plugin's settings, found \(settings.configDescription)")
                }
                plugin.settings = fields
            }
            plugins[name] = plugin
        }
        return plugins
    }

    /// `plugin.action` (two or more dot-separated name segments).
    static func isItemIdentifier(_ text: String) -> Bool {
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        return segments.count >= 2 && segments.allSatisfy { isNameSegment(String($0)) }
    }

    static func isNameSegment(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy {
            ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "-" || $0 == "_"
        }
    }
}
