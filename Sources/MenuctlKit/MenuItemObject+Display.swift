import MenuLayout
import MenudProtocol

/// What `menuctl` draws of an item and how it treats it.
extension MenuItemObject {
    /// Whether this item opens a submenu (children shown as their own menu).
    public var isSubmenu: Bool { !inline && !children.isEmpty }

    /// Whether choosing this item runs an action: no children and not an inline group.
    public var isAction: Bool { !inline && children.isEmpty }

    /// The shortcut as the keyboard sees it (a tolerant reading leaves out a longer `key`).
    public var shortcut: Character? { key?.first }

    /// The badge as drawn: its kind's mark, in its color (the kind's own when it has none).
    public var rowBadge: RowBadge? {
        guard let badge, let kind = BadgeKind(rawValue: badge.kind) else { return nil }
        return RowBadge(kind: kind, color: badge.color.flatMap(RGBColor.init(hex:)))
    }

    /// The item as the layout code sees it.
    public var layoutItem: LayoutItem {
        LayoutItem(
            id: id, title: title, badge: rowBadge, status: status?.coloredText, detail: detail?.coloredText, key: shortcut,
            disabled: disabled, destructive: destructive, children: children.map(\.layoutItem), inline: inline
        )
    }
}
