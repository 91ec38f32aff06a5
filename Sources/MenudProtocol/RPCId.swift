import MenudJSON

/// A JSON-RPC request id. Requests carry a number (an integer) or a string; `.null` is what error
/// responses carry when the request's id could not be read.
public enum RPCId: Sendable, Hashable {
    case int(Int64)
    case string(String)
    case null

    /// The id as it is written on the wire.
    public var jsonValue: JSONValue {
        switch self {
        case .int(let number): return .int(number)
        case .string(let string): return .string(string)
        case .null: return .null
        }
    }

    /// Writes the id as the next value (without building its `jsonValue`).
    public func write(to writer: inout JSONWriter) {
        switch self {
        case .int(let number): writer.writeInt(number)
        case .string(let string): writer.writeString(string)
        case .null: writer.writeNull()
        }
    }

    /// Reads an id from a response or request member: an integer (or an integral number within
    /// `Int64`), a string, or null. Returns nil for anything else.
    public init?(json: JSONValue) {
        switch json {
        case .int(let number): self = .int(number)
        case .string(let string): self = .string(string)
        case .null: self = .null
        case .double:
            guard let number = json.intValue else { return nil }
            self = .int(number)
        default: return nil
        }
    }
}

extension RPCId: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self = .int(value) }
}

extension RPCId: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension RPCId: CustomStringConvertible {
    /// The id as JSON text: `7`, `"abc"` or `null`.
    public var description: String { jsonValue.jsonText }
}
