import MenudNative
import MenudPluginAPI

extension CommandActionSpec {
    static func parseMatch(_ settings: PluginSettings, scope: CommandScope) throws -> CommandMatch {
        let defaultCount = scope == .files ? CommandCountRange(min: 1, max: nil) : CommandCountRange(min: 1, max: 1)
        guard let match = try settings.object("match") else {
            return CommandMatch(count: defaultCount)
        }
        try match.rejectUnknownKeys(allowed: allowedMatchKeys)
        if scope == .directory, let first = match.values.keys.sorted().first {
            throw PluginSettingsError(
                key: match.keyPath(first),
                problem: "does not apply: argv names no file ({path}, {name}, {dir} or {paths}), so this is a directory action")
        }
        let globs = try stringOrStrings(match, "glob").map { key, pattern in
            guard let glob = CommandGlob(pattern) else {
                throw PluginSettingsError(key: key, problem: "is not a usable pattern (empty, or contains NUL)")
            }
            return glob
        }
        let mimeTypes = try stringOrStrings(match, "mime").map { key, text in
            guard let pattern = MimeTypePattern(text) else {
                throw PluginSettingsError(
                    key: key, problem: "\"\(text)\" is not a MIME type pattern",
                    allowed: "\"type/subtype\", \"type/*\" or \"*/*\", such as \"image/*\"")
            }
            return pattern
        }
        var states = CommandMatch.defaultStates
        if let names = try match.stringArray("states") {
            guard !names.isEmpty else {
                throw PluginSettingsError(
                    key: match.keyPath("states"), problem: "must list at least one state", allowed: "pending, ready, expired")
            }
            states = try Set(names.enumerated().map { position, name in
                guard let state = FileState(rawValue: name) else {
                    throw PluginSettingsError(
                        key: "\(match.keyPath("states"))[\(position)]", problem: "\"\(name)\" is not a file state",
                        allowed: "pending, ready, expired")
                }
                return state
            })
        }
        let minSize = try size(match, "minSize")
        let maxSize = try size(match, "maxSize")
        if let minSize, let maxSize, minSize > maxSize {
            throw PluginSettingsError(
                key: match.keyPath("minSize"), problem: "(\(minSize)) is larger than maxSize (\(maxSize))")
        }
        let count = try parseCount(match, scope: scope) ?? defaultCount
        return CommandMatch(
            globs: globs, mimeTypes: mimeTypes, states: states, minSize: minSize, maxSize: maxSize, count: count)
    }

    /// A string or an array of strings at `key`, each with its key path for errors.
    private static func stringOrStrings(_ settings: PluginSettings, _ key: String) throws -> [(String, String)] {
        guard let value = settings.value(key) else { return [] }
        if case .string(let text) = value { return [(settings.keyPath(key), text)] }
        guard case .array = value, let texts = try settings.stringArray(key) else {
            throw PluginSettingsError(
                key: settings.keyPath(key), problem: "must be a string or an array of strings, not \(value.kindDescription)")
        }
        guard !texts.isEmpty else {
            throw PluginSettingsError(key: settings.keyPath(key), problem: "must not be an empty array; leave it out to match any file")
        }
        return texts.enumerated().map { ("\(settings.keyPath(key))[\($0.offset)]", $0.element) }
    }

    private static func size(_ settings: PluginSettings, _ key: String) throws -> Int64? {
        guard let size = try settings.int(key) else { return nil }
        guard size >= 0 else {
            throw PluginSettingsError(key: settings.keyPath(key), problem: "must not be negative", allowed: "a number of bytes")
        }
        return size
    }

    private static func parseCount(_ settings: PluginSettings, scope: CommandScope) throws -> CommandCountRange? {
        guard let value = settings.value("count") else { return nil }
        let key = settings.keyPath("count")
        let range: CommandCountRange
        if case .object = value {
            let bounds = try PluginSettings(value, path: key)
            try bounds.rejectUnknownKeys(allowed: ["max", "min"])
            let min = try bounds.int("min", default: 1)
            let max = try bounds.int("max")
            guard min >= 1 else {
                throw PluginSettingsError(key: bounds.keyPath("min"), problem: "must be at least 1")
            }
            if let max, max < min {
                throw PluginSettingsError(key: bounds.keyPath("max"), problem: "(\(max)) is smaller than min (\(min))")
            }
            range = CommandCountRange(min: Int(min), max: max.map { Int($0) })
        } else if case .string(let text) = value {
            guard let parsed = CommandCountRange(text: text) else {
                throw PluginSettingsError(key: key, problem: "\"\(text)\" is not a count of files", allowed: CommandCountRange.forms)
            }
            range = parsed
        } else {
            let exact = try settings.int("count")!
            guard exact >= 1 else {
                throw PluginSettingsError(key: key, problem: "must be at least 1")
            }
            range = CommandCountRange(min: Int(exact), max: Int(exact))
        }
        if scope == .singleFile && range != CommandCountRange(min: 1, max: 1) {
            throw PluginSettingsError(
                key: key, problem: "allows several files, but {path}, {name} and {dir} name one; use {paths} to accept several")
        }
        return range
    }
}
