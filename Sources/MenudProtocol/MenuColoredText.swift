import MenudJSON

/// An item's `status` or `detail`: a text and its `#RRGGBB` color.
public struct MenuColoredText: Sendable, Equatable {
    public var text: String
    public var color: String

    public init(text: String, color: String) {
        self.text = text
        self.color = color
    }

    public init(from object: JSONObject, within parent: String) throws(RPCError) {
        text = try object.requiredString("text", within: parent)
        color = try object.requiredString("color", within: parent)
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(ascii: "text"); writer.writeString(text)
        writer.key(ascii: "color"); writer.writeString(color)
        writer.endObject()
    }
}
