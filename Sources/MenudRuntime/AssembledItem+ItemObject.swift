import MenudPluginAPI
import MenudProtocol

extension AssembledItem {
    /// The protocol's Item object for this item and its children.
    var itemObject: MenuItemObject {
        MenuItemObject(
            id: id, title: item.title,
            badge: item.badge.map { MenuItemBadge(kind: $0.rawValue, color: $0.color.hex) },
            status: item.status.map { MenuColoredText(text: $0.text, color: $0.color.hex) },
            detail: item.detail.map { MenuColoredText(text: $0.text, color: $0.color.hex) },
            subtitle: item.subtitle, icon: item.icon, key: item.key.map { String($0) },
            destructive: item.isDestructive, disabled: item.isDisabled,
            input: item.input.map { MenuItemInput(prompt: $0.prompt, defaultValue: $0.defaultValue) },
            children: children.map(\.itemObject), inline: item.isInline,
            accessibilityLabel: item.accessibilityLabel, plugin: plugin.isEmpty ? nil : plugin)
    }
}
