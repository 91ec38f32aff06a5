/// One row of a menu: the seed's `[badge | title | spacer | status | detail]` row plus the
/// features of a native menu (icon, shortcut key, destructive style, submenus, inline groups).
///
/// The action closure lives on the item, so a plugin builds what is shown and what it does in one
/// place. Nothing runs when the item is built or selected: the runtime calls ``action`` only
/// after the client has dismissed the menu.
public struct MenuItem: Sendable {
    /// What an item does when chosen. It receives an ``ActionContext`` and returns an
    /// ``ActionOutcome``; it throws ``ActionFailure`` (or any error) to report failure.
    public typealias Action = @Sendable (ActionContext) async throws -> ActionOutcome

    /// Identifier unique among the plugin's items, made of `A-Z a-z 0-9 . _ -`.
    /// The runtime prefixes it with the plugin's name on the wire.
    public var id: String
    /// The row's main text.
    public var title: String
    /// Colored square at the start of the row.
    public var badge: Badge?
    /// Colored text after the title (`"Ready"` in green).
    public var status: StyledText?
    /// Right-aligned detail column (`"2.4 MB"` in gray).
    public var detail: StyledText?
    /// Smaller second line under the title.
    public var subtitle: String?
    /// A symbol name, such as `"trash"` (SF Symbols names; clients map them as they can).
    public var icon: String?
    /// One-character keyboard shortcut. The runtime drops a key that another item in the same
    /// menu already uses.
    public var key: Character?
    /// Shown in the destructive style (red), for actions that remove or overwrite.
    public var isDestructive: Bool
    /// Shown but cannot be chosen; put the reason in ``status``.
    public var isDisabled: Bool
    /// Asks the person for one line of text before ``action`` runs.
    public var input: InputPrompt?
    /// A non-empty list makes this item a submenu (or an inline group); it cannot be chosen itself.
    public var children: [MenuItem]
    /// With ``children``: show them in place as a separated group instead of a submenu.
    public var isInline: Bool
    /// What to do when chosen; `nil` for submenus, groups and informational rows.
    public var action: Action?
    /// This action's own time limit in milliseconds, instead of the daemon's `actionTimeout`
    /// (counted the same way: from the dismissal, the wait for its turn included); `nil` for
    /// the daemon's.
    public var timeLimitMs: Int64? = nil
    /// What the action does, in words the plugin chooses (a command's argv, say), for ids that
    /// can come to mean something else: when the action's turn comes, the item with the same
    /// id runs only if its title, its destructive style, its input prompt and this are what the
    /// menu showed. Command ids are positions (`command-0`), which a config reload can give to
    /// another command.
    public var actionSignature: String? = nil

    /// An item with every field given explicitly. The builders in `MenuItem+Builders.swift`
    /// cover the common cases in one expression.
    public init(
        id: String, title: String, badge: Badge? = nil, status: StyledText? = nil, detail: StyledText? = nil,
        subtitle: String? = nil, icon: String? = nil, key: Character? = nil, destructive: Bool = false,
        disabled: Bool = false, input: InputPrompt? = nil, children: [MenuItem] = [], inline: Bool = false,
        action: Action? = nil
    ) {
        self.id = id
        self.title = title
        self.badge = badge
        self.status = status
        self.detail = detail
        self.subtitle = subtitle
        self.icon = icon
        self.key = key
        self.isDestructive = destructive
        self.isDisabled = disabled
        self.input = input
        self.children = children
        self.isInline = inline
        self.action = action
    }

    /// Whether the item opens a submenu or shows an inline group (it has children).
    public var hasChildren: Bool { !children.isEmpty }

    /// Whether choosing this item can run something: it has an action, no children, and is
    /// not disabled.
    public var isSelectable: Bool { action != nil && children.isEmpty && !isDisabled }

    /// What a screen reader says: title, status and detail joined by `", "`, skipping the absent
    /// ones (`"intro.mp4, Ready, 2.4 MB"`).
    public var accessibilityLabel: String {
        // Appended in place: most items have neither status nor detail, and their label is the title.
        var label = title
        Self.appendLabelPart(status?.text, to: &label)
        Self.appendLabelPart(detail?.text, to: &label)
        return label
    }

    private static func appendLabelPart(_ part: String?, to label: inout String) {
        guard let part, !part.isEmpty else { return }
        if !label.isEmpty { label += ", " }
        label += part
    }
}
