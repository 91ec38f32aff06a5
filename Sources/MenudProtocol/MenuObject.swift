import MenudJSON

/// The protocol's Menu object, `menu.open`'s `menu`: a session's id, its title, its items and
/// when it expires unless acted on.
public struct MenuObject: Sendable, Equatable {
    public var id: String
    public var title: String
    public var items: [MenuItemObject]
    public var expiresAtMs: Int64

    public init(id: String, title: String, items: [MenuItemObject], expiresAtMs: Int64) {
        self.id = id
        self.title = title
        self.items = items
        self.expiresAtMs = expiresAtMs
    }

    /// Reads a Menu object. Tolerantly (``DecodingMode``) only a missing `id`, or an item without
    /// one, throws: a missing title is empty, missing items are none, and a menu whose daemon does
    /// not say when it expires never does (``neverExpires``).
    public init(from object: JSONObject, mode: DecodingMode = .strict) throws(RPCError) {
        id = try object.requiredString("id", within: "menu")
        title = try mode.value(object.requiredString("title", within: "menu"), orElse: "")
        let entries = try mode.value(object.requiredList("items", within: "menu", of: "Item objects"), orElse: [])
        var items: [MenuItemObject] = []
        items.reserveCapacity(entries.count)
        for entry in entries {
            guard let item = entry.objectValue else {
                throw .invalidParams(param: "menu.items", "every entry of menu.items must be an Item object")
            }
            items.append(try MenuItemObject(from: item, mode: mode))
        }
        self.items = items
        expiresAtMs = try mode.value(object.requiredInt("expiresAtMs", within: "menu"), orElse: Self.neverExpires)
    }

    /// The `expiresAtMs` of a menu read tolerantly from a daemon that did not give one.
    public static let neverExpires = Int64.max

    public func write(to writer: inout JSONWriter) {
        Self.write(to: &writer, id: id, title: title, expiresAtMs: expiresAtMs) { writer in
            for item in items { item.write(to: &writer) }
        }
    }

    /// Writes a Menu object from its members, `writeItems` writing the elements of `items`
    /// (``MenuItemObject/write(to:id:title:badge:status:detail:subtitle:icon:key:destructive:disabled:input:hasChildren:inline:accessibilityLabel:plugin:writeChildren:)``).
    public static func write(to writer: inout JSONWriter, id: String, title: String, expiresAtMs: Int64,
                             writeItems: (inout JSONWriter) -> Void) {
        writer.beginObject()
        writer.stringMember(ascii: "id", id)
        writer.stringMember(ascii: "title", title)
        writer.key(ascii: "items")
        writer.beginArray()
        writeItems(&writer)
        writer.endArray()
        writer.key(ascii: "expiresAtMs"); writer.writeInt(expiresAtMs)
        writer.endObject()
    }
}
