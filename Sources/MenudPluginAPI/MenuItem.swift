/// One row of a menu: the seed's `[badge | title | spacer | status | detail]` row plus the
/// features of a native menu (icon, shortcut key, destructive style, submenus, inline groups).
///
/// The action closure lives on the item, so a plugin builds what is shown and what it does in one
/// place. Nothing runs when the item is built or selected: the runtime calls ``action`` only
/// after the client has dismissed the menu.
public struct MenuItem: Sendable {
    // The fields live in one shared box, copied on the first change of a copy: a menu's items
    // are copied from the plugin to the assembler, the session and the action, and a copy of
    // the box is one retain where a copy of the fields was one for each of them.
    private var storage: MenuItemStorage

    private mutating func unique() -> MenuItemStorage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// What an item does when chosen. It receives an ``ActionContext`` and returns an
    /// ``ActionOutcome``; it throws ``ActionFailure`` (or any error) to report failure.
    public typealias Action = @Sendable (ActionContext) async throws -> ActionOutcome

    /// Identifier unique among the plugin's items, made of `A-Z a-z 0-9 . _ -`.
    /// The runtime prefixes it with the plugin's name on the wire.
    public var id: String {
        get { storage.id }
        _modify { yield &unique().id }
    }
    /// The row's main text.
    public var title: String {
        get { storage.title }
        _modify { yield &unique().title }
    }
    /// Colored square at the start of the row.
    public var badge: Badge? {
        get { storage.badge }
        _modify { yield &unique().badge }
    }
    /// Colored text after the title (`"Ready"` in green).
    public var status: StyledText? {
        get { storage.status }
        _modify { yield &unique().status }
    }
    /// Right-aligned detail column (`"2.4 MB"` in gray).
    public var detail: StyledText? {
        get { storage.detail }
        _modify { yield &unique().detail }
    }
    /// Smaller second line under the title.
    public var subtitle: String? {
        get { storage.subtitle }
        _modify { yield &unique().subtitle }
    }
    /// A symbol name, such as `"trash"` (SF Symbols names; clients map them as they can).
    public var icon: String? {
        get { storage.icon }
        _modify { yield &unique().icon }
    }
    /// One-character keyboard shortcut. The runtime drops a key that another item in the same
    /// menu already uses.
    public var key: Character? {
        get { storage.key }
        _modify { yield &unique().key }
    }
    /// Shown in the destructive style (red), for actions that remove or overwrite.
    public var isDestructive: Bool {
        get { storage.isDestructive }
        _modify { yield &unique().isDestructive }
    }
    /// Shown but cannot be chosen; put the reason in ``status``.
    public var isDisabled: Bool {
        get { storage.isDisabled }
        _modify { yield &unique().isDisabled }
    }
    /// Asks the person for one line of text before ``action`` runs.
    public var input: InputPrompt? {
        get { storage.input }
        _modify { yield &unique().input }
    }
    /// A non-empty list makes this item a submenu (or an inline group); it cannot be chosen itself.
    public var children: [MenuItem] {
        get { storage.children }
        _modify { yield &unique().children }
    }
    /// With ``children``: show them in place as a separated group instead of a submenu.
    public var isInline: Bool {
        get { storage.isInline }
        _modify { yield &unique().isInline }
    }
    /// What to do when chosen; `nil` for submenus, groups and informational rows.
    public var action: Action? {
        get { storage.action }
        _modify { yield &unique().action }
    }
    /// This action's own time limit in milliseconds, instead of the daemon's `actionTimeout`
    /// (counted the same way: from the dismissal, the wait for its turn included); `nil` for
    /// the daemon's.
    public var timeLimitMs: Int64? {
        get { storage.timeLimitMs }
        _modify { yield &unique().timeLimitMs }
    }
    /// What the action does, in words the plugin chooses (a command's argv, say), for ids that
    /// can come to mean something else: when the action's turn comes, the item with the same
    /// id runs only if its title, its destructive style, its input prompt and this are what the
    /// menu showed. Command ids are positions (`command-0`), which a config reload can give to
    /// another command.
    public var actionSignature: String? {
        get { storage.actionSignature }
        _modify { yield &unique().actionSignature }
    }

    /// An item with every field given explicitly. The builders in `MenuItem+Builders.swift`
    /// cover the common cases in one expression.
    public init(
        id: String, title: String, badge: Badge? = nil, status: StyledText? = nil, detail: StyledText? = nil,
        subtitle: String? = nil, icon: String? = nil, key: Character? = nil, destructive: Bool = false,
        disabled: Bool = false, input: InputPrompt? = nil, children: [MenuItem] = [], inline: Bool = false,
        action: Action? = nil
    ) {
        storage = MenuItemStorage(
            id: id, title: title, badge: badge, status: status, detail: detail, subtitle: subtitle, icon: icon, key: key,
            isDestructive: destructive, isDisabled: disabled, input: input, children: children, isInline: inline,
            action: action, timeLimitMs: nil, actionSignature: nil)
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
