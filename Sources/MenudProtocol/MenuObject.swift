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

    public init(from object: JSONObject) throws(RPCError) {
        id = try object.requiredString("id", within: "menu")
        title = try object.requiredString("title", within: "menu")
        guard let entries = object["items"]?.arrayValue else {
            throw .invalidParams(param: "menu.items", "menu.items is required: a list of Item objects")
        }
        var items: [MenuItemObject] = []
        items.reserveCapacity(entries.count)
        for entry in entries {
            guard let item = entry.objectValue else {
                throw .invalidParams(param: "menu.items", "every entry of menu.items must be an Item object")
            }
            items.append(try MenuItemObject(from: item))
        }
        self.items = items
        expiresAtMs = try object.requiredInt("expiresAtMs", within: "menu")
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(ascii: "id"); writer.writeString(id)
        writer.key(ascii: "title"); writer.writeString(title)
        writer.key(ascii: "items")
        writer.beginArray()
        for item in items { item.write(to: &writer) }
        writer.endArray()
        writer.key(ascii: "expiresAtMs"); writer.writeInt(expiresAtMs)
        writer.endObject()
    }
}
