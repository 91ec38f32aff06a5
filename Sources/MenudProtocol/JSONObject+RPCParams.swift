import MenudJSON

/// Typed access to request parameters. Each accessor throws `RPCError.invalidParams` (-32602)
/// with `data.param` naming the offending field and a message that says what was expected.
///
/// `within` names the enclosing parameter for nested objects, so that
/// `target.requiredString("path", within: "target")` reports `data.param == "target.path"`.
/// For optional parameters an explicit `null` counts as absent.
extension JSONObject {
    // MARK: Strings

    public func requiredString(_ key: String, within parent: String? = nil) throws(RPCError) -> String {
        let value = try required(key, within: parent)
        guard case .string(let string) = value else { throw mismatch(key, within: parent, expected: "a string", found: value) }
        return string
    }

    public func optionalString(_ key: String, within parent: String? = nil) throws(RPCError) -> String? {
        guard let value = present(key) else { return nil }
        guard case .string(let string) = value else { throw mismatch(key, within: parent, expected: "a string", found: value) }
        return string
    }

    // MARK: Integers

    /// An integer in `min...max`; an integral number such as `10.0` counts as an integer.
    public func requiredInt(_ key: String, min: Int64 = .min, max: Int64 = .max, within parent: String? = nil) throws(RPCError) -> Int64 {
        try integer(try required(key, within: parent), key, min: min, max: max, within: parent)
    }

    /// An integer in `min...max`, or nil when absent.
    public func optionalInt(_ key: String, min: Int64 = .min, max: Int64 = .max, within parent: String? = nil) throws(RPCError) -> Int64? {
        guard let value = present(key) else { return nil }
        return try integer(value, key, min: min, max: max, within: parent)
    }

    // MARK: Numbers

    /// A number in `min...max`, or nil when absent.
    public func optionalDouble(_ key: String, min: Double = -.greatestFiniteMagnitude, max: Double = .greatestFiniteMagnitude,
                               within parent: String? = nil) throws(RPCError) -> Double? {
        guard let value = present(key) else { return nil }
        guard let number = value.doubleValue else { throw mismatch(key, within: parent, expected: "a number", found: value) }
        guard number >= min, number <= max else {
            throw RPCError.invalidParams(param: name(key, within: parent),
                                         "The parameter \(RPCError.quote(name(key, within: parent))) must be between \(min) and \(max); got \(number).")
        }
        return number
    }

    // MARK: Booleans

    public func requiredBool(_ key: String, within parent: String? = nil) throws(RPCError) -> Bool {
        let value = try required(key, within: parent)
        guard case .bool(let flag) = value else { throw mismatch(key, within: parent, expected: "true or false", found: value) }
        return flag
    }

    public func optionalBool(_ key: String, within parent: String? = nil) throws(RPCError) -> Bool? {
        guard let value = present(key) else { return nil }
        guard case .bool(let flag) = value else { throw mismatch(key, within: parent, expected: "true or false", found: value) }
        return flag
    }

    // MARK: String arrays

    public func requiredStringArray(_ key: String, within parent: String? = nil) throws(RPCError) -> [String] {
        try strings(try required(key, within: parent), key, within: parent)
    }

    public func optionalStringArray(_ key: String, within parent: String? = nil) throws(RPCError) -> [String]? {
        guard let value = present(key) else { return nil }
        return try strings(value, key, within: parent)
    }

    // MARK: Objects and arrays

    public func requiredObject(_ key: String, within parent: String? = nil) throws(RPCError) -> JSONObject {
        let value = try required(key, within: parent)
        guard case .object(let object) = value else { throw mismatch(key, within: parent, expected: "an object", found: value) }
        return object
    }

    public func optionalObject(_ key: String, within parent: String? = nil) throws(RPCError) -> JSONObject? {
        guard let value = present(key) else { return nil }
        guard case .object(let object) = value else { throw mismatch(key, within: parent, expected: "an object", found: value) }
        return object
    }

    public func optionalArray(_ key: String, within parent: String? = nil) throws(RPCError) -> [JSONValue]? {
        guard let value = present(key) else { return nil }
        guard case .array(let array) = value else { throw mismatch(key, within: parent, expected: "an array", found: value) }
        return array
    }

    /// One of `allowed` (for enumerations such as `state`), or nil when absent.
    public func optionalString(_ key: String, oneOf allowed: [String], within parent: String? = nil) throws(RPCError) -> String? {
        guard let string = try optionalString(key, within: parent) else { return nil }
        guard allowed.contains(string) else {
            let param = name(key, within: parent)
            throw RPCError.invalidParams(param: param,
                                         "The parameter \(RPCError.quote(param)) must be one of \(allowed.map { RPCError.quote($0) }.joined(separator: ", ")); got \(RPCError.quote(string)).")
        }
        return string
    }

    // MARK: Unknown keys

    /// Throws for the first key not in `allowed`, so that a misspelt parameter is not silently
    /// ignored. Asked for every request, most often of empty params: that case is decided inline,
    /// where it is asked (a call for it cost about 30 instructions a `daemon.status`).
    @inline(__always)
    public func rejectUnknownKeys(allowed: [String], within parent: String? = nil) throws(RPCError) {
        if isEmpty { return }
        try rejectKeys(notIn: allowed, within: parent)
    }

    private func rejectKeys(notIn allowed: [String], within parent: String?) throws(RPCError) {
        if let key = firstKey(notIn: allowed) {
            let param = name(key, within: parent)
            let expected = allowed.isEmpty ? "takes no parameters" : "takes only \(allowed.map { RPCError.quote($0) }.joined(separator: ", "))"
            throw RPCError.invalidParams(param: param,
                                         "Unknown parameter \(RPCError.quote(param)); \(parent.map { RPCError.quote($0) } ?? "this method") \(expected).")
        }
    }

    // MARK: Helpers

    private func name(_ key: String, within parent: String?) -> String {
        guard let parent else { return key }
        return parent + "." + key
    }

    private func present(_ key: String) -> JSONValue? {
        guard let value = self[key], !value.isNull else { return nil }
        return value
    }

    private func required(_ key: String, within parent: String?) throws(RPCError) -> JSONValue {
        guard let value = present(key) else {
            let param = name(key, within: parent)
            throw RPCError.invalidParams(param: param, "The parameter \(RPCError.quote(param)) is required; add it to params.")
        }
        return value
    }

    private func mismatch(_ key: String, within parent: String?, expected: String, found: JSONValue) -> RPCError {
        let param = name(key, within: parent)
        return RPCError.invalidParams(param: param, "The parameter \(RPCError.quote(param)) must be \(expected), not \(found.kindDescription).")
    }

    private func integer(_ value: JSONValue, _ key: String, min: Int64, max: Int64, within parent: String?) throws(RPCError) -> Int64 {
        let param = name(key, within: parent)
        guard let number = value.intValue else {
            if case .double = value {
                throw RPCError.invalidParams(param: param, "The parameter \(RPCError.quote(param)) must be a whole number; got \(value.jsonText).")
            }
            throw mismatch(key, within: parent, expected: "an integer", found: value)
        }
        guard number >= min, number <= max else {
            let range: String
            switch (min == .min, max == .max) {
            case (true, false): range = "at most \(max)"
            case (false, true): range = "at least \(min)"
            default: range = "between \(min) and \(max)"
            }
            throw RPCError.invalidParams(param: param, "The parameter \(RPCError.quote(param)) must be \(range); got \(number).")
        }
        return number
    }

    private func strings(_ value: JSONValue, _ key: String, within parent: String?) throws(RPCError) -> [String] {
        guard case .array(let elements) = value else { throw mismatch(key, within: parent, expected: "an array of strings", found: value) }
        var result: [String] = []
        result.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            guard case .string(let string) = element else {
                let param = name(key, within: parent)
                throw RPCError.invalidParams(param: param,
                                             "Element \(position) of the parameter \(RPCError.quote(param)) must be a string, not \(element.kindDescription).")
            }
            result.append(string)
        }
        return result
    }
}
