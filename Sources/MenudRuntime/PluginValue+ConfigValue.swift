import MenudPluginAPI

extension PluginValue {
    /// The plugin API's JSON-like value for a value read from the config file.
    init(_ value: ConfigValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .integer(let number): self = .int(number)
        case .number(let number): self = .double(number)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(PluginValue.init))
        case .object(let fields): self = .object(fields.mapValues(PluginValue.init))
        }
    }
}
