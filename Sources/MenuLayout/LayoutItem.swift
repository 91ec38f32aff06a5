/// A menu item as a tree, mirroring the protocol's Item: the input to ``LayoutRow/rows(from:)``.
///
/// `children` non-empty with `inline == false` is a submenu (one row with a `›`; its children are
/// laid out as their own menu). `inline == true` shows the children in place as a separated group,
/// under a header when `title` is not empty.
public struct LayoutItem: Sendable, Equatable {
    public var id: String
    public var title: String
    public var badge: RowBadge?
    public var status: ColoredText?
    public var detail: ColoredText?
    public var key: Character?
    public var disabled: Bool
    public var destructive: Bool
    public var children: [LayoutItem]
    public var inline: Bool

    public init(
        id: String,
        title: String,
        badge: RowBadge? = nil,
        status: ColoredText? = nil,
        detail: ColoredText? = nil,
        key: Character? = nil,
        disabled: Bool = false,
        destructive: Bool = false,
        children: [LayoutItem] = [],
        inline: Bool = false
    ) {
        self.id = id
        self.title = title
        self.badge = badge
        self.status = status
        self.detail = detail
        self.key = key
        self.disabled = disabled
        self.destructive = destructive
        self.children = children
        self.inline = inline
    }

    /// Whether this item opens a submenu.
    public var isSubmenu: Bool { !inline && !children.isEmpty }
}
