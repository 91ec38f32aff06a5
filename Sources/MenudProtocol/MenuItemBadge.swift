import MenudJSON

/// An item's `badge`: its kind (`ready`, `pending`, `expired`) and `#RRGGBB` color.
public struct MenuItemBadge: Sendable, Equatable {
    /// The kinds the protocol defines.
    public static let kinds = ["ready", "pending", "expired"]

    public var kind: String
    /// nil only when a client read a badge whose color is not `#RRGGBB` tolerantly.
    public var color: String?

    public init(kind: String, color: String) {
        self.kind = kind
        self.color = color
    }

    /// Reads a badge; tolerantly an unreadable color is left out, but a badge of an unknown kind
    /// still throws (the item then goes without it).
    public init(from object: JSONObject, mode: DecodingMode = .strict) throws(RPCError) {
        kind = try object.requiredString("kind", within: "badge")
        guard Self.kinds.contains(kind) else {
            throw .invalidParams(param: "badge.kind", "badge.kind must be one of \(Self.kinds.joined(separator: ", ")); got \(RPCError.quote(kind)).")
        }
        color = try mode.value(object.requiredColor("color", within: "badge"), orElse: nil)
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.stringMember(ascii: "kind", kind)
        if let color { writer.stringMember(ascii: "color", color) }
        writer.endObject()
    }
}
