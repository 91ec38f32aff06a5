import MenudJSON

/// `menu.dismissed`'s `outcome`: what the action said it did, both parts optional.
public struct MenuActionOutcome: Sendable, Equatable {
    /// One line for a person: `Moved to the trash`.
    public var message: String?
    /// The action's longer output (a command's standard output, a checksum).
    public var output: String?

    public init(message: String? = nil, output: String? = nil) {
        self.message = message
        self.output = output
    }

    /// Reads the outcome; tolerantly (``DecodingMode``) a mistyped part is left out.
    public init(from object: JSONObject, mode: DecodingMode = .strict) throws(RPCError) {
        message = try mode.value(object.optionalString("message", within: "outcome"), orElse: nil)
        output = try mode.value(object.optionalString("output", within: "outcome"), orElse: nil)
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if let message { writer.stringMember(ascii: "message", message) }
        if let output { writer.stringMember(ascii: "output", output) }
        writer.endObject()
    }
}
