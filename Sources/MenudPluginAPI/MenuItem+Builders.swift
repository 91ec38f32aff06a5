extension MenuItem {
    /// An item that runs `perform` when chosen:
    /// `MenuItem.action("Duplicate", key: "d") { context in ... }`.
    /// Without `id`, the id is ``slug(_:)`` of the title.
    public static func action(
        _ title: String, id: String? = nil, icon: String? = nil, key: Character? = nil,
        subtitle: String? = nil, status: StyledText? = nil, detail: StyledText? = nil,
        destructive: Bool = false, disabled: Bool = false, input: InputPrompt? = nil,
        perform: @escaping Action
    ) -> MenuItem {
        MenuItem(
            id: id ?? slug(title), title: title, status: status, detail: detail, subtitle: subtitle, icon: icon,
            key: key, destructive: destructive, disabled: disabled, input: input, action: perform)
    }

    /// A submenu titled `title` holding `children`. Without `id`, the id is ``slug(_:)`` of the title.
    public static func submenu(
        _ title: String, id: String? = nil, icon: String? = nil, children: [MenuItem]
    ) -> MenuItem {
        MenuItem(id: id ?? slug(title), title: title, icon: icon, children: children)
    }

    /// A separated group of `children` shown in place (an inline menu); `title` may be empty.
    public static func group(id: String, title: String = "", _ children: [MenuItem]) -> MenuItem {
        MenuItem(id: id, title: title, children: children, inline: true)
    }

    /// This item, disabled, with `reason` in its status column.
    public func disabled(because reason: StyledText) -> MenuItem {
        var copy = self
        copy.isDisabled = true
        copy.status = reason
        return copy
    }

    /// A valid item id from a title: lower-cased ASCII letters and digits, other runs of
    /// characters turned into single `-` (`"Move to Trash…"` gives `"move-to-trash"`).
    public static func slug(_ title: String) -> String {
        var result = ""
        var pendingDash = false
        for scalar in title.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingDash, !result.isEmpty { result.append("-") }
                pendingDash = false
                result.unicodeScalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            } else {
                pendingDash = true
            }
        }
        return result.isEmpty ? "item" : result
    }
}
