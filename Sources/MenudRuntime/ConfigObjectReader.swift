import MenudCore

/// Reads typed values out of one object of the configuration, naming the key path and what is
/// allowed in every error. Unknown keys are refused as soon as the object is opened.
struct ConfigObjectReader {
    let fields: [String: ConfigValue]
    /// The object's own key path ("" for the top level).
    let objectPath: String
    let file: String

    init(_ value: ConfigValue, at objectPath: String, file: String, allowedKeys: [String]) throws(ConfigError) {
        guard case .object(let fields) = value else {
            let place = objectPath.isEmpty ? "the top level" : objectPath
            throw ConfigError(file: file, keyPath: objectPath.isEmpty ? nil : objectPath,
                              message: "\(place) in \(file): expected an object ({ ... }), found \(value.configDescription)")
        }
        if let unknown = fields.keys.filter({ !allowedKeys.contains($0) }).sorted().first {
            throw ConfigError.unknownKey(unknown, objectPath: objectPath, file: file, allowed: allowedKeys)
        }
        self.fields = fields
        self.objectPath = objectPath
        self.file = file
    }

    func keyPath(_ key: String) -> String {
        objectPath.isEmpty ? key : "\(objectPath).\(key)"
    }

    /// The value at `key`, nil when the key is absent.
    subscript(key: String) -> ConfigValue? { fields[key] }

    func string(_ key: String, allowEmpty: Bool = false) throws(ConfigError) -> String? {
        guard let value = fields[key] else { return nil }
        return try ConfigObjectReader.string(value, at: keyPath(key), file: file, allowEmpty: allowEmpty)
    }

    func bool(_ key: String) throws(ConfigError) -> Bool? {
        guard let value = fields[key] else { return nil }
        guard case .bool(let flag) = value else {
            throw .invalidValue(file: file, keyPath: keyPath(key), problem: "expected true or false, found \(value.configDescription)")
        }
        return flag
    }

    func integer(_ key: String, in range: ClosedRange<Int64>, unit: String) throws(ConfigError) -> Int64? {
        guard let value = fields[key] else { return nil }
        return try ConfigObjectReader.integer(value, at: keyPath(key), file: file, in: range, unit: unit)
    }

    func duration(_ key: String, in range: ClosedRange<Int64>) throws(ConfigError) -> Int64? {
        guard let value = fields[key] else { return nil }
        return try ConfigObjectReader.duration(value, at: keyPath(key), file: file, in: range)
    }

    /// The elements of the array at `key` with their key paths (`key[0]`, `key[1]`, ...).
    func array(_ key: String) throws(ConfigError) -> [(value: ConfigValue, keyPath: String)]? {
        guard let value = fields[key] else { return nil }
        guard case .array(let elements) = value else {
            throw .invalidValue(file: file, keyPath: keyPath(key), problem: "expected an array ([ ... ]), found \(value.configDescription)")
        }
        return elements.enumerated().map { ($0.element, "\(keyPath(key))[\($0.offset)]") }
    }

    func stringArray(_ key: String) throws(ConfigError) -> [(value: String, keyPath: String)]? {
        guard let elements = try array(key) else { return nil }
        var strings: [(String, String)] = []
        for element in elements {
            strings.append((try ConfigObjectReader.string(element.value, at: element.keyPath, file: file, allowEmpty: false), element.keyPath))
        }
        return strings
    }

    func fail(_ key: String, _ problem: String) -> ConfigError {
        .invalidValue(file: file, keyPath: keyPath(key), problem: problem)
    }

    // MARK: - Single values

    static func string(_ value: ConfigValue, at keyPath: String, file: String, allowEmpty: Bool) throws(ConfigError) -> String {
        guard case .string(let text) = value else {
            throw .invalidValue(file: file, keyPath: keyPath, problem: "expected a string, found \(value.configDescription)")
        }
        if !allowEmpty && text.isEmpty {
            throw .invalidValue(file: file, keyPath: keyPath, problem: "must not be empty")
        }
        return text
    }

    static func integer(_ value: ConfigValue, at keyPath: String, file: String, in range: ClosedRange<Int64>, unit: String) throws(ConfigError) -> Int64 {
        let allowed = "expected a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound)"
        guard case .int(let number) = value else {
            throw .invalidValue(file: file, keyPath: keyPath, problem: "\(allowed), found \(value.configDescription)")
        }
        guard range.contains(number) else {
            throw .invalidValue(file: file, keyPath: keyPath, problem: "\(allowed), found \(number)")
        }
        return number
    }

    static func duration(_ value: ConfigValue, at keyPath: String, file: String, in range: ClosedRange<Int64>) throws(ConfigError) -> Int64 {
        let allowed = "expected a duration from \(DurationText.format(range.lowerBound)) to \(DurationText.format(range.upperBound)), written like \"300ms\", \"2s\", \"10m\", \"1h\" or \"7d\""
        guard case .string(let text) = value else {
            throw .invalidValue(file: file, keyPath: keyPath, problem: "\(allowed), found \(value.configDescription)")
        }
        let milliseconds: Int64
        do {
            milliseconds = try DurationText.parse(text)
        } catch {
            throw .invalidValue(file: file, keyPath: keyPath, problem: error.description)
        }
        guard range.contains(milliseconds) else {
            throw .invalidValue(file: file, keyPath: keyPath, problem: "\(allowed), found \"\(text)\"")
        }
        return milliseconds
    }
}
