import Foundation

/// A configuration file's contents as a plain tree, decoded with Foundation's `JSONDecoder`
/// (`allowsJSON5`). Plugin settings are handed on in this form.
public enum ConfigValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([ConfigValue])
    case object([String: ConfigValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ConfigValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: ConfigValue].self))
        }
    }

    /// Decodes JSON5 text (comments, trailing commas, unquoted keys, single quotes, hex).
    /// Throws the decoder's error; `MenudConfig.load` turns it into a `ConfigError`.
    public static func decodeJSON5(_ data: Data) throws -> ConfigValue {
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        return try decoder.decode(ConfigValue.self, from: data)
    }

    /// What this value is, for error messages: `a string ("abc")`, `the number 1.5`, `an array`.
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .integer(let value): "the number \(value)"
        case .number(let value): "the number \(value)"
        case .string(let value): "a string (\"\(value)\")"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
