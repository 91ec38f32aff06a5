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
            var built: [ConfigCommand] = []
            for command in commands {
                built.append(try buildCommand(command.value, at: command.keyPath, file: file))
            }
            config.commands = built
        }
        return config
    }

    private static func buildPlugins(_ value: ConfigValue, file: String) throws(ConfigError) -> [String: ConfigPlugin] {
        guard case .object(let entries) = value else {
            throw .invalidValue(file: file, keyPath: "plugins", problem: "expected an object of plugin names, such as { files: { enabled: true } }, found \(value.kindDescription)")
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
                    throw entry.fail("settings", "expected an object ({ ... }) of the plugin's settings, found \(settings.kindDescription)")
                }
                plugin.settings = fields
            }
            plugins[name] = plugin
        }
        return plugins
    }

    private static func buildCommand(_ value: ConfigValue, at keyPath: String, file: String) throws(ConfigError) -> ConfigCommand {
        let reader = try ConfigObjectReader(value, at: keyPath, file: file,
                                            allowedKeys: ["title", "icon", "key", "match", "argv", "input", "destructive", "timeout"])
        guard let title = try reader.string("title") else {
            throw reader.fail("title", "is missing; every command needs a title, the text of its menu item")
        }
        guard let argvElements = try reader.stringArray("argv") else {
            throw reader.fail("argv", "is missing; give the program and its arguments as an array of strings, such as [\"open\", \"-R\"]")
        }
        if argvElements.isEmpty {
            throw reader.fail("argv", "is empty; give at least the program to run, such as [\"open\"]")
        }
        var command = ConfigCommand(title: title, argv: argvElements.map(\.value))
        command.icon = try reader.string("icon")
        if let key = try reader.string("key") {
            guard key.count == 1, !key.first!.isWhitespace else {
                throw reader.fail("key", "\"\(key)\" is not one character; a keyboard shortcut is a single character, such as \"d\"")
            }
            command.key = key
        }
        if let match = reader["match"] {
            command.match = try buildMatch(match, at: reader.keyPath("match"), file: file)
        }
        if let input = reader["input"] {
            let inputReader = try ConfigObjectReader(input, at: reader.keyPath("input"), file: file, allowedKeys: ["prompt", "default"])
            guard let prompt = try inputReader.string("prompt") else {
                throw inputReader.fail("prompt", "is missing; say what the person should type, such as \"New name\"")
            }
            command.input = ConfigCommandInput(prompt: prompt, defaultValue: try inputReader.string("default", allowEmpty: true))
        }
        if let destructive = try reader.bool("destructive") { command.destructive = destructive }
        command.timeoutMs = try reader.duration("timeout", in: 1000...(7 * day))
        return command
    }

    private static func buildMatch(_ value: ConfigValue, at keyPath: String, file: String) throws(ConfigError) -> ConfigCommandMatch {
        let reader = try ConfigObjectReader(value, at: keyPath, file: file,
                                            allowedKeys: ["glob", "mime", "states", "minSize", "maxSize", "count"])
        var match = ConfigCommandMatch()
        if let glob = try reader.string("glob") {
            do {
                match.glob = try GlobPattern(glob)
            } catch {
                throw reader.fail("glob", error.description)
            }
        }
        if let mime = try reader.string("mime") {
            guard isMimePattern(mime) else {
                throw reader.fail("mime", "\"\(mime)\" is not a MIME type pattern; write \"type/subtype\", \"type/*\" or \"*/*\", such as \"video/*\"")
            }
            match.mime = mime.lowercased()
        }
        if let states = try reader.stringArray("states") {
            if states.isEmpty {
                throw reader.fail("states", "is empty; name at least one of pending, ready, expired, or leave the key out for any state")
            }
            var parsed = Set<FileState>()
            for state in states {
                guard let known = FileState(rawValue: state.value) else {
                    throw .invalidValue(file: file, keyPath: state.keyPath, problem: "\"\(state.value)\" is not a state; allowed: pending, ready, expired")
                }
                parsed.insert(known)
            }
            match.states = parsed
        }
        match.minSize = try reader.integer("minSize", in: 0...Int64.max, unit: "bytes")
        match.maxSize = try reader.integer("maxSize", in: 0...Int64.max, unit: "bytes")
        if let minSize = match.minSize, let maxSize = match.maxSize, minSize > maxSize {
            throw reader.fail("maxSize", "\(maxSize) is below minSize (\(minSize)); no file could match")
        }
        if let count = reader["count"] {
            let countPath = reader.keyPath("count")
            let allowed = "write 1 (exactly one file), \"1+\" (one or more) or \"2..5\" (two to five)"
            switch count {
            case .integer(let exact) where exact >= 1 && exact <= Int64(Int32.max):
                match.count = ConfigFileCount(minimum: Int(exact), maximum: Int(exact))
            case .string(let text):
                guard let parsed = ConfigFileCount(parsing: text) else {
                    throw .invalidValue(file: file, keyPath: countPath, problem: "\"\(text)\" is not a file count; \(allowed)")
                }
                match.count = parsed
            default:
                throw .invalidValue(file: file, keyPath: countPath, problem: "\(count.kindDescription) is not a file count; \(allowed)")
            }
        }
        return match
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

    /// `type/subtype`, `type/*` or `*/*`, with RFC 6838 name characters.
    static func isMimePattern(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        func isToken(_ part: Substring) -> Bool {
            !part.isEmpty && part.unicodeScalars.allSatisfy {
                ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || "!#$&^_.+-".unicodeScalars.contains($0)
            }
        }
        if parts[0] == "*" { return parts[1] == "*" }
        return isToken(parts[0]) && (parts[1] == "*" || isToken(parts[1]))
    }
}
