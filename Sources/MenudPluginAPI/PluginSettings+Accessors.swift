extension PluginSettings {
    /// The string at `key`, or `nil` when absent.
    public func string(_ key: String) throws -> String? {
        guard let value = value(key) else { return nil }
        return try Self.string(value, at: keyPath(key))
    }

    /// The string at `key`, or `defaultValue` when absent.
    public func string(_ key: String, default defaultValue: String) throws -> String {
        try string(key) ?? defaultValue
    }

    /// The string at `key`; throws when it is absent.
    public func requiredString(_ key: String) throws -> String {
        guard let value = try string(key) else { throw missing(key, expected: "a string") }
        return value
    }

    /// The boolean at `key`, or `nil` when absent.
    public func bool(_ key: String) throws -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else {
            throw PluginSettingsError(key: keyPath(key), problem: "must be true or false, not \(value.kindDescription)")
        }
        return flag
    }

    /// The boolean at `key`, or `defaultValue` when absent.
    public func bool(_ key: String, default defaultValue: Bool) throws -> Bool {
        try bool(key) ?? defaultValue
    }

    /// The integer at `key`, or `nil` when absent. A number with a zero fraction (`3.0`) counts.
    public func int(_ key: String) throws -> Int64? {
        guard let value = value(key) else { return nil }
        return try Self.int(value, at: keyPath(key))
    }

    /// The integer at `key`, or `defaultValue` when absent.
    public func int(_ key: String, default defaultValue: Int64) throws -> Int64 {
        try int(key) ?? defaultValue
    }

    /// The number at `key` (integer or not), or `nil` when absent.
    public func double(_ key: String) throws -> Double? {
        guard let value = value(key) else { return nil }
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number
        default:
            throw PluginSettingsError(key: keyPath(key), problem: "must be a number, not \(value.kindDescription)")
        }
    }

    /// The array at `key`, or `nil` when absent.
    public func array(_ key: String) throws -> [PluginValue]? {
        guard let value = value(key) else { return nil }
        guard case .array(let elements) = value else {
            throw PluginSettingsError(key: keyPath(key), problem: "must be an array, not \(value.kindDescription)")
        }
        return elements
    }

    /// The array of strings at `key`, or `nil` when absent; an error names the bad element.
    public func stringArray(_ key: String) throws -> [String]? {
        guard let elements = try array(key) else { return nil }
        return try elements.enumerated().map { index, element in
            try Self.string(element, at: "\(keyPath(key))[\(index)]")
        }
    }

    /// The object at `key` as nested settings, or `nil` when absent.
    public func object(_ key: String) throws -> PluginSettings? {
        guard let value = value(key) else { return nil }
        return try PluginSettings(value, path: keyPath(key))
    }

    static func string(_ value: PluginValue, at path: String) throws -> String {
        guard case .string(let text) = value else {
            throw PluginSettingsError(key: path, problem: "must be a string, not \(value.kindDescription)")
        }
        return text
    }

    static func int(_ value: PluginValue, at path: String) throws -> Int64 {
        switch value {
        case .int(let number):
            return number
        case .double(let number) where number.rounded() == number && abs(number) < 9.0e18:
            return Int64(number)
        default:
            throw PluginSettingsError(key: path, problem: "must be a whole number, not \(value.kindDescription)")
        }
    }
}
