import MenudPluginAPI

/// A configuration file's contents as a plain tree. It is the plugin API's JSON-like value, so
/// a plugin's `settings` object reaches the plugin as it was read, with no conversion.
public typealias ConfigValue = PluginValue

extension PluginValue {
    /// Decodes JSON5 text (comments, trailing commas, unquoted keys, single quotes, hex).
    /// Throws where and what the first problem is; `MenudConfig.load` turns it into a `ConfigError`.
    static func decodeJSON5(_ bytes: [UInt8]) throws(ConfigJSON5Parser.Failure) -> PluginValue {
        try ConfigJSON5Parser.parse(bytes)
    }

    /// What this value is, for config error messages: `a string ("abc")`, `the number 1.5`,
    /// `an array`.
    public var configDescription: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .int(let value): "the number \(value)"
        case .double(let value): "the number \(value)"
        case .string(let value): "a string (\"\(value)\")"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
