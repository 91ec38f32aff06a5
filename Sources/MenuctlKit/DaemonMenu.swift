import MenuLayout
import MenudCore
import MenudJSON

/// A menu as `menu.open` returned it (the protocol's Menu).
public struct DaemonMenu: Sendable, Equatable {
    public let id: String
    public let title: String
    public let items: [DaemonMenuItem]
    public let expiresAtMs: Int64?

    public init(id: String, title: String, items: [DaemonMenuItem], expiresAtMs: Int64? = nil) {
        self.id = id
        self.title = title
        self.items = items
        self.expiresAtMs = expiresAtMs
    }

    /// Reads a Menu object.
    public init(json: JSONValue) throws(MenuctlError) {
        guard let id = json["id"]?.stringValue else {
            throw .failure("the daemon sent a menu without an id: \(json.jsonText)")
        }
        var items: [DaemonMenuItem] = []
        for item in json["items"]?.arrayValue ?? [] {
            items.append(try DaemonMenuItem(json: item))
        }
        self.init(id: id, title: json["title"]?.stringValue ?? "", items: items, expiresAtMs: json["expiresAtMs"]?.intValue)
    }

    /// The top level's rows, as laid out and drawn.
    public var rows: [LayoutRow] { LayoutRow.rows(from: items.map(\.layoutItem)) }

    /// Every item of the menu, depth first: submenus, inline groups and their children.
    public var allItems: [DaemonMenuItem] {
        var result: [DaemonMenuItem] = []
        func visit(_ items: [DaemonMenuItem]) {
            for item in items {
                result.append(item)
                visit(item.children)
            }
        }
        visit(items)
        return result
    }

    /// The item with `id`, anywhere in the menu.
    public func item(withId id: String) -> DaemonMenuItem? {
        allItems.first { $0.id == id }
    }
}
