/// One line of a menu as laid out and drawn: an item, a separator between inline groups, or the
/// header of a titled inline group. Independent of JSON: the daemon and `menuctl` build rows from
/// their own Item values (see ``LayoutItem`` and ``LayoutRow/rows(from:)``).
///
/// All text is stored in safe form (``DisplayWidth/safe(_:)``), so whatever a file is called,
/// drawing a row never emits a control character.
public struct LayoutRow: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case item
        case separator
        case header
    }

    public let kind: Kind
    /// The Item's `id`, for `menu.select`; `nil` for separators and headers.
    public let id: String?
    public let badge: RowBadge?
    /// For an item, its title; for a header, the group's title; empty for a separator.
    public let title: String
    /// Display cells of ``title``, measured once.
    public let titleWidth: Int
    public let status: ColoredText?
    public let detail: ColoredText?
    /// The one-cell keyboard shortcut shown in the key column. A key that is not a single printable
    /// one-cell character is not shown (and ``MenuCursor/row(forKey:in:)`` will not find it).
    public let key: Character?
    public let disabled: Bool
    public let destructive: Bool
    /// The row opens a submenu instead of running an action.
    public let hasSubmenu: Bool

    public init(
        id: String?,
        title: String,
        badge: RowBadge? = nil,
        status: ColoredText? = nil,
        detail: ColoredText? = nil,
        key: Character? = nil,
        disabled: Bool = false,
        destructive: Bool = false,
        hasSubmenu: Bool = false
    ) {
        self.kind = .item
        self.id = id
        self.title = DisplayWidth.safe(title)
        self.titleWidth = DisplayWidth.width(of: self.title)
        self.badge = badge
        self.status = status
        self.detail = detail
        self.key = key.flatMap(Self.showableKey)
        self.disabled = disabled
        self.destructive = destructive
        self.hasSubmenu = hasSubmenu
    }

    private init(kind: Kind, title: String) {
        self.kind = kind
        self.id = nil
        self.title = DisplayWidth.safe(title)
        self.titleWidth = DisplayWidth.width(of: self.title)
        self.badge = nil
        self.status = nil
        self.detail = nil
        self.key = nil
        self.disabled = false
        self.destructive = false
        self.hasSubmenu = false
    }

    /// A horizontal rule between inline groups.
    public static let separator = LayoutRow(kind: .separator, title: "")

    /// The title line of an inline group.
    public static func header(_ title: String) -> LayoutRow {
        LayoutRow(kind: .header, title: title)
    }

    /// Whether the cursor can rest on this row: an item that is not disabled. A submenu row is
    /// selectable (Enter or → opens it) even though the daemon will not run it.
    public var isSelectable: Bool { kind == .item && !disabled }

    /// Whether choosing this row runs an action: selectable and not a submenu.
    public var runsAction: Bool { isSelectable && !hasSubmenu }


    private static func showableKey(_ key: Character) -> Character? {
        guard !key.unicodeScalars.contains(where: DisplayWidth.needsEscaping),
              DisplayWidth.width(of: key) == 1,
              key != " " else { return nil }
        return key
    }
}
