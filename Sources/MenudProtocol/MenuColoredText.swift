import MenudJSON

/// An item's `status` or `detail`: a text and its `#RRGGBB` color.
public struct MenuColoredText: Sendable, Equatable {
    public var text: String
    /// nil only when a client read a color that is not `#RRGGBB` tolerantly.
    public var color: String?

    public init(text: String, color: String) {
        self.text = text
        self.color = color
    }

    public init(from object: JSONObject, within parent: String, mode: DecodingMode = .strict) throws(RPCError) {
        text = try object.requiredString("text", within: parent)
        color = try mode.value(object.requiredColor("color", within: parent), orElse: nil)
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.stringMember(ascii: "text", text)
        if let color { writer.stringMember(ascii: "color", color) }
        writer.endObject()
    }
}
