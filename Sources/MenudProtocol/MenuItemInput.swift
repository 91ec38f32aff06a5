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

    public init(from object: JSONObject) throws(RPCError) {
        prompt = try object.requiredString("prompt", within: "input")
        defaultValue = try object.optionalString("default", within: "input")
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(ascii: "prompt"); writer.writeString(prompt)
        if let defaultValue { writer.key(ascii: "default"); writer.writeString(defaultValue) }
        writer.endObject()
    }
}
