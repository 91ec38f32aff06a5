import MenuLayout
import MenudProtocol

/// The menu as `menuctl` lays it out and searches it.
extension MenuObject {
    /// The top level's rows, as laid out and drawn.
    public var rows: [LayoutRow] { LayoutRow.rows(from: items.map(\.layoutItem)) }

    /// Every item of the menu, depth first: submenus, inline groups and their children.
    public var allItems: [MenuItemObject] {
        var result: [MenuItemObject] = []
        func visit(_ items: [MenuItemObject]) {
            for item in items {
                result.append(item)
                visit(item.children)
            }
        }
        visit(items)
        return result
    }

    /// The item with `id`, anywhere in the menu.
    public func item(withId id: String) -> MenuItemObject? {
        allItems.first { $0.id == id }
    }
}
