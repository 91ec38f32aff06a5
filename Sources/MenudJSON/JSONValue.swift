/// One JSON value, as the menud codec parses and writes it.
///
/// Numbers are kept in two shapes: integer literals that fit `Int64` are `.int`; every other number
/// (a fraction, an exponent, an integer too large for `Int64`) is `.double`. Equality is structural:
/// `.int(1)` and `.double(1.0)` are different values (use `intValue`/`doubleValue` to compare
/// numerically); two objects are equal when they hold the same keys with equal values, in any order.
public enum JSONValue: Sendable, Equatable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

extension JSONValue {
    /// The member named `key` when this is an object holding it; otherwise nil.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index` when this is an array long enough; otherwise nil.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }

    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The integer for `.int`, or for a `.double` that is integral and within `Int64`'s range.
    public var intValue: Int64? {
        switch self {
        case .int(let value):
            return value
        case .double(let value):
            // 2^63 is exactly representable; within ±2^63 the truncating conversion is defined, and
            // the value is integral when converting back gives it unchanged. (No libm call.)
            guard value >= -9_223_372_036_854_775_808.0, value < 9_223_372_036_854_775_808.0 else { return nil }
            let integer = Int64(value)
            return Double(integer) == value ? integer : nil
        default:
            return nil
        }
    }

    /// The number as a `Double`, for `.double` and `.int` alike.
    public var doubleValue: Double? {
        switch self {
        case .double(let value): return value
        case .int(let value): return Double(value)
        default: return nil
        }
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A short name of the value's kind for messages: "null", "a boolean", "an integer", "a number",
    /// "a string", "an array", "an object".
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int: return "an integer"
        case .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
