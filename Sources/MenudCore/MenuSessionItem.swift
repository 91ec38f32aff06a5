/// What the handshake needs to know about one item of an open menu.
public struct MenuSessionItem: Hashable, Sendable {
    /// The item's id as sent to the client.
    public let id: String
    /// Shown disabled: cannot be selected.
    public let isDisabled: Bool
    /// Has children (a submenu or an inline group): cannot be selected itself.
    public let isSubmenu: Bool
    /// Asks for a line of text, which must come with `menu.dismissed`.
    public let needsInput: Bool

    /// Describes item `id`.
    public init(id: String, isDisabled: Bool = false, isSubmenu: Bool = false, needsInput: Bool = false) {
        self.id = id
        self.isDisabled = isDisabled
        self.isSubmenu = isSubmenu
        self.needsInput = needsInput
    }

    /// Whether `menu.select` may choose it.
    public var isSelectable: Bool { !isDisabled && !isSubmenu }
}
