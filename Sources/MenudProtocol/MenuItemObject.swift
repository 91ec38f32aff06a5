import MenudJSON

/// The protocol's Item object: one row of a menu, with its submenu in `children`. Members that
/// are false, empty or absent are left out when written.
public struct MenuItemObject: Sendable, Equatable {
    public var id: String
    public var title: String
    public var badge: MenuItemBadge?
    public var status: MenuColoredText?
    public var detail: MenuColoredText?
    public var subtitle: String?
    public var icon: String?
    /// The one-character shortcut.
    public var key: String?
    public var destructive: Bool
    public var disabled: Bool
    public var input: MenuItemInput?
    public var children: [MenuItemObject]
    /// The children are shown in place of the item (a group) rather than as a submenu.
    public var inline: Bool
    public var accessibilityLabel: String
    /// The plugin that offered the item; nil for the daemon's own rows.
    public var plugin: String?

    public init(id: String, title: String, badge: MenuItemBadge? = nil, status: MenuColoredText? = nil,
                detail: MenuColoredText? = nil, subtitle: String? = nil, icon: String? = nil, key: String? = nil,
                destructive: Bool = false, disabled: Bool = false, input: MenuItemInput? = nil,
                children: [MenuItemObject] = [], inline: Bool = false, accessibilityLabel: String, plugin: String? = nil) {
        self.id = id
        self.title = title
        self.badge = badge
        self.status = status
        self.detail = detail
        self.subtitle = subtitle
        self.icon = icon
        self.key = key
        self.destructive = destructive
        self.disabled = disabled
        self.input = input
        self.children = children
        self.inline = inline
        self.accessibilityLabel = accessibilityLabel
        self.plugin = plugin
    }

    public func write(to writer: inout JSONWriter) {
        Self.write(to: &writer, id: id, title: title, badge: badge, status: status, detail: detail, subtitle: subtitle,
                   icon: icon, key: key, destructive: destructive, disabled: disabled, input: input,
                   hasChildren: !children.isEmpty, inline: inline, accessibilityLabel: accessibilityLabel, plugin: plugin) { writer in
            for child in children { child.write(to: &writer) }
        }
    }

    /// Writes an Item object from its members, `writeChildren` writing the elements of
    /// `children` when `hasChildren`: the one writer of the object, for callers that hold the
    /// members elsewhere (the daemon's assembled menu) and would otherwise build the object, and
    /// a tree of them, only to write it.
    public static func write(
        to writer: inout JSONWriter, id: String, title: String, badge: MenuItemBadge?, status: MenuColoredText?,
        detail: MenuColoredText?, subtitle: String?, icon: String?, key: String?, destructive: Bool, disabled: Bool,
        input: MenuItemInput?, hasChildren: Bool, inline: Bool, accessibilityLabel: String, plugin: String?,
        writeChildren: (inout JSONWriter) -> Void
    ) {
        writer.beginObject()
        writer.stringMember(ascii: "id", id)
        writer.stringMember(ascii: "title", title)
        if let badge { writer.key(ascii: "badge"); badge.write(to: &writer) }
        if let status { writer.key(ascii: "status"); status.write(to: &writer) }
        if let detail { writer.key(ascii: "detail"); detail.write(to: &writer) }
        if let subtitle { writer.stringMember(ascii: "subtitle", subtitle) }
        if let icon { writer.stringMember(ascii: "icon", icon) }
        if let key { writer.stringMember(ascii: "key", key) }
        if destructive { writer.key(ascii: "destructive"); writer.writeBool(true) }
        if disabled { writer.key(ascii: "disabled"); writer.writeBool(true) }
        if let input { writer.key(ascii: "input"); input.write(to: &writer) }
        if hasChildren {
            writer.key(ascii: "children")
            writer.beginArray()
            writeChildren(&writer)
            writer.endArray()
        }
        if inline { writer.key(ascii: "inline"); writer.writeBool(true) }
        writer.stringMember(ascii: "accessibilityLabel", accessibilityLabel)
        if let plugin { writer.stringMember(ascii: "plugin", plugin) }
        writer.endObject()
    }
}
