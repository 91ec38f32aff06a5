import MenudJSON

/// An item's `input`: the client asks for a text before `menu.dismissed`.
public struct MenuItemInput: Sendable, Equatable {
    public var prompt: String
    /// The text the field starts with (`default` on the wire).
    public var defaultValue: String?

    public init(prompt: String, defaultValue: String? = nil) {
        self.prompt = prompt
        self.defaultValue = defaultValue
    }

    /// Reads an input; tolerantly a missing prompt is `Text`.
    public init(from object: JSONObject, mode: DecodingMode = .strict) throws(RPCError) {
        prompt = try mode.value(object.requiredString("prompt", within: "input"), orElse: "Text")
        defaultValue = try mode.value(object.optionalString("default", within: "input"), orElse: nil)
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.stringMember(ascii: "prompt", prompt)
        if let defaultValue { writer.stringMember(ascii: "default", defaultValue) }
        writer.endObject()
    }
}
