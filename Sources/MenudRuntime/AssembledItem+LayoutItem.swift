import MenuLayout
import MenudPluginAPI

extension AssembledItem {
    /// The row model the layout rules measure (the same one `menuctl` renders).
    var layoutItem: LayoutItem {
        LayoutItem(
            id: item.id, title: item.title,
            badge: item.badge.flatMap { badge in BadgeKind(rawValue: badge.rawValue).map { RowBadge(kind: $0, color: RGBColor(hex: badge.color.hex)) } },
            status: item.status.map { ColoredText($0.text, color: RGBColor(hex: $0.color.hex)) },
            detail: item.detail.map { ColoredText($0.text, color: RGBColor(hex: $0.color.hex)) },
            key: item.key, disabled: item.isDisabled, destructive: item.isDestructive,
            children: children.map(\.layoutItem), inline: item.isInline)
    }
}
