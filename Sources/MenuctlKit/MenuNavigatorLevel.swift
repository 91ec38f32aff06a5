import MenuLayout
import MenudProtocol

/// One open box of an interactive menu: the top-level menu or a submenu.
public struct MenuNavigatorLevel: Sendable, Equatable {
    /// This box's rows.
    public let rows: [LayoutRow]
    /// The items behind the rows, by id.
    public let items: [String: MenuItemObject]
    /// Where the box is, scrolled to keep the cursor in view.
    public var layout: MenuLayoutResult
    /// The row the cursor is on.
    public var selected: Int?
    /// Drawn in the top border: the menu's title, or the submenu's.
    public let title: String?

    /// The box for `items`, laid out by `place` (given the rows), cursor on the first selectable
    /// row.
    public init(
        items: [MenuItemObject], title: String?,
        place: ([LayoutRow]) throws(MenuLayoutError) -> MenuLayoutResult
    ) throws(MenuLayoutError) {
        let rows = LayoutRow.rows(from: items.map(\.layoutItem))
        var byId: [String: MenuItemObject] = [:]
        func collect(_ items: [MenuItemObject]) {
            for item in items {
                if item.inline { collect(item.children) } else { byId[item.id] = item }
            }
        }
        collect(items)
        self.rows = rows
        self.items = byId
        self.layout = try place(rows)
        self.selected = MenuCursor.firstSelectable(in: rows)
        self.title = title
    }

    /// The item on row `index`, when it is an item row.
    public func item(atRow index: Int) -> MenuItemObject? {
        guard rows.indices.contains(index), let id = rows[index].id else { return nil }
        return items[id]
    }

    /// The shortcut keys of the selectable rows.
    public var shortcuts: Set<Character> {
        Set(rows.filter(\.isSelectable).compactMap(\.key))
    }
}
