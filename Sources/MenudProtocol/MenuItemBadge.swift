import MenudJSON

/// An item's `badge`: its kind (`ready`, `pending`, …) and `#RRGGBB` color.
public struct MenuItemBadge: Sendable, Equatable {
    public var kind: String
    public var color: String

    public init(kind: String, color: String) {
        self.kind = kind
        self.color = color
    }

    public init(from object: JSONObject) throws(RPCError) {
        kind = try object.requiredString("kind", within: "badge")
        color = try object.requiredString("color", within: "badge")
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(ascii: "kind"); writer.writeString(kind)
        writer.key(ascii: "color"); writer.writeString(color)
        writer.endObject()
    }
}
