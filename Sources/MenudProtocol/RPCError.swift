import MenudJSON

/// A JSON-RPC error object: what the daemon answers when a request cannot be served, and what a
/// client reads back. Build one with the static functions in `RPCError+Protocol.swift`, one per
/// code in PROTOCOL.md, so that every message is a sentence a person can act on.
public struct RPCError: Error, Sendable, Equatable {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public init(_ code: RPCErrorCode, message: String, data: JSONValue? = nil) {
        self.init(code: code.rawValue, message: message, data: data)
    }

    /// The protocol's name for `code`, when it is one of the protocol's codes.
    public var knownCode: RPCErrorCode? { RPCErrorCode(rawValue: code) }

    /// The error object as written on the wire: `{"code", "message", "data"?}`.
    public var jsonValue: JSONValue {
        var object: JSONObject = ["code": .int(Int64(code)), "message": .string(message)]
        if let data { object["data"] = data }
        return .object(object)
    }

    /// Reads an error object from the wire; nil unless it has an integer `code` and a string
    /// `message`.
    public init?(json: JSONValue) {
        guard let code = json["code"]?.intValue, let codeValue = Int(exactly: code),
              let message = json["message"]?.stringValue else { return nil }
        self.init(code: codeValue, message: message, data: json["data"])
    }

    /// Writes the error object with `writer`, without building a `JSONValue`.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(ascii: "code"); writer.writeInt(code)
        writer.stringMember(ascii: "message", message)
        if let data {
            writer.key(ascii: "data")
            writer.write(data)
        }
        writer.endObject()
    }
}

extension RPCError: CustomStringConvertible {
    public var description: String { "\(message) (code \(code))" }
}
