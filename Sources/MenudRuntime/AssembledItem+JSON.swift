import MenudCore
import MenudPluginAPI
import MenudJSON

extension AssembledItem {
    /// Writes the protocol's Item object.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id"); writer.writeString(id)
        writer.key("title"); writer.writeString(item.title)
        if let badge = item.badge {
            writer.key("badge")
            writer.beginObject()
            writer.key("kind"); writer.writeString(badge.rawValue)
            writer.key("color"); writer.writeString(badge.color.hex)
            writer.endObject()
        }
        if let status = item.status {
            writer.key("status")
            status.write(to: &writer)
        }
        if let detail = item.detail {
            writer.key("detail")
            detail.write(to: &writer)
        }
        if let subtitle = item.subtitle { writer.key("subtitle"); writer.writeString(subtitle) }
        if let icon = item.icon { writer.key("icon"); writer.writeString(icon) }
        if let key = item.key { writer.key("key"); writer.writeString(String(key)) }
        if item.isDestructive { writer.key("destructive"); writer.write(.bool(true)) }
        if item.isDisabled { writer.key("disabled"); writer.write(.bool(true)) }
        if let input = item.input {
            writer.key("input")
            writer.beginObject()
            writer.key("prompt"); writer.writeString(input.prompt)
            if let value = input.defaultValue { writer.key("default"); writer.writeString(value) }
            writer.endObject()
        }
        if !children.isEmpty {
            writer.key("children")
            writer.beginArray()
            for child in children { child.write(to: &writer) }
            writer.endArray()
        }
        if item.isInline { writer.key("inline"); writer.write(.bool(true)) }
        writer.key("accessibilityLabel"); writer.writeString(item.accessibilityLabel)
        if !plugin.isEmpty { writer.key("plugin"); writer.writeString(plugin) }
        writer.endObject()
    }
}

extension StyledText {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("text"); writer.writeString(text)
        writer.key("color"); writer.writeString(color.hex)
        writer.endObject()
    }
}
