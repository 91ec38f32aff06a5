import MenuLayout
import MenudPluginAPI

extension MenuItem {
    /// The row model the layout rules measure (the same one `menuctl` renders).
    var layoutItem: LayoutItem {
        LayoutItem(
            id: id, title: title,
            badge: badge.flatMap { badge in BadgeKind(rawValue: badge.rawValue).map { RowBadge(kind: $0, color: RGBColor(hex: badge.color.hex)) } },
            status: status.map { ColoredText($0.text, color: RGBColor(hex: $0.color.hex)) },
            detail: detail.map { ColoredText($0.text, color: RGBColor(hex: $0.color.hex)) },
            key: key, disabled: isDisabled, destructive: isDestructive,
            children: children.map(\.layoutItem), inline: isInline)
    }
}
