/// One plugin's settings: a JSON object from the config file with typed, strict accessors.
///
/// Accessors return `nil` for a missing key (or an explicit `null`) and throw
/// ``PluginSettingsError`` naming the full key path when the value has the wrong type.
/// Nested objects are read as `PluginSettings` too, so their errors name the whole path
/// (`"commands[2].match.glob"`).
public struct PluginSettings: Sendable, Equatable {
    /// The raw values, keyed by setting name.
    public let values: [String: PluginValue]
    /// Where these settings sit in the config, for error messages: `""` at the top of a
    /// plugin's section, `"commands[2]"` for a nested object.
    public let path: String

    /// Settings made of `values`, located at `path` for error messages.
    public init(_ values: [String: PluginValue] = [:], path: String = "") {
        self.values = values
        self.path = path
    }

    /// Reads `value` as an object located at `path`; throws if it is not an object.
    public init(_ value: PluginValue, path: String) throws {
        guard case .object(let values) = value else {
            throw PluginSettingsError(key: path, problem: "must be an object, not \(value.kindDescription)")
        }
        self.init(values, path: path)
    }

    /// No settings at all.
    public static let empty = PluginSettings()

    /// The full path of `key` below ``path``: `"commands[2]"` + `"argv"` gives `"commands[2].argv"`.
    public func keyPath(_ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// The raw value of `key`, or `nil` when the key is absent or `null`.
    public func value(_ key: String) -> PluginValue? {
        switch values[key] {
        case nil, .null?: nil
        case let value?: value
        }
    }

    /// Throws for the first key (in sorted order) that is not in `allowed`, so typos are reported
    /// instead of silently ignored.
    public func rejectUnknownKeys(allowed: [String]) throws {
        let known = Set(allowed)
        if let unknown = values.keys.sorted().first(where: { !known.contains($0) }) {
            throw PluginSettingsError(
                key: keyPath(unknown), problem: "is not a known setting",
                allowed: allowed.sorted().joined(separator: ", "))
        }
    }

    /// The error for a required `key` that is absent: "is required and must be <expected>".
    public func missing(_ key: String, expected: String) -> PluginSettingsError {
        PluginSettingsError(key: keyPath(key), problem: "is required and must be \(expected)")
    }
}
