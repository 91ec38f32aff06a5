import MenudCore
import MenudPluginAPI

extension MenuItem {
    /// Writes the protocol's Item object; `ids` holds the menu-wide id of each item in
    /// depth-first order, consumed as the tree is written.
    func write(to writer: inout JSONWriter, ids: inout IndexingIterator<[String]>, plugin: String) {
        writer.beginObject()
        writer.key("id"); writer.writeString(ids.next() ?? "")
        writer.key("title"); writer.writeString(title)
        if let badge {
            writer.key("badge")
            writer.beginObject()
            writer.key("kind"); writer.writeString(badge.rawValue)
            writer.key("color"); writer.writeString(badge.color.hex)
            writer.endObject()
        }
        if let status {
            writer.key("status")
            status.write(to: &writer)
        }
        if let detail {
            writer.key("detail")
            detail.write(to: &writer)
        }
        if let subtitle { writer.key("subtitle"); writer.writeString(subtitle) }
        if let icon { writer.key("icon"); writer.writeString(icon) }
        if let key { writer.key("key"); writer.writeString(String(key)) }
        if isDestructive { writer.key("destructive"); writer.write(.bool(true)) }
        if isDisabled { writer.key("disabled"); writer.write(.bool(true)) }
        if let input {
            writer.key("input")
            writer.beginObject()
            writer.key("prompt"); writer.writeString(input.prompt)
            if let value = input.defaultValue { writer.key("default"); writer.writeString(value) }
            writer.endObject()
        }
        if !children.isEmpty {
            writer.key("children")
            writer.beginArray()
            for child in children { child.write(to: &writer, ids: &ids, plugin: plugin) }
            writer.endArray()
        }
        if isInline { writer.key("inline"); writer.write(.bool(true)) }
        writer.key("accessibilityLabel"); writer.writeString(accessibilityLabel)
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
