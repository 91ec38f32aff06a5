import MenudJSON
import MenudPluginAPI
import MenudProtocol

extension AssembledItem {
    /// Writes the protocol's Item object for this item and its children, straight from the
    /// plugin's items: no ``MenuItemObject`` tree is built only to be written.
    func write(to writer: inout JSONWriter) {
        MenuItemObject.write(
            to: &writer, id: id, title: item.title,
            badge: item.badge.map { MenuItemBadge(kind: $0.rawValue, color: $0.color.hex) },
            status: item.status.map { MenuColoredText(text: $0.text, color: $0.color.hex) },
            detail: item.detail.map { MenuColoredText(text: $0.text, color: $0.color.hex) },
            subtitle: item.subtitle, icon: item.icon, key: item.key.map { String($0) },
            destructive: item.isDestructive, disabled: item.isDisabled,
            input: item.input.map { MenuItemInput(prompt: $0.prompt, defaultValue: $0.defaultValue) },
            hasChildren: !children.isEmpty, inline: item.isInline,
            accessibilityLabel: item.accessibilityLabel, plugin: plugin.isEmpty ? nil : plugin
        ) { writer in
            for child in children { child.write(to: &writer) }
        }
    }
}
