/// What a key or click asks an open menu to do (see ``KeyBindings``).
public enum KeyCommand: Sendable, Equatable {
    case moveUp
    case moveDown
    case moveToFirst
    case moveToLast
    case pageUp
    case pageDown
    /// Open the submenu of the selected row.
    case openSubmenu
    /// Close the innermost open submenu (at the top level: nothing).
    case closeSubmenu
    /// Choose the selected row.
    case activate
    /// Close the menu without choosing anything.
    case cancel
    /// The row with this shortcut key was chosen.
    case shortcut(Character)
    /// A left-button press at the 0-based cell: hit-test it against the open boxes
    /// (`MenuLayoutResult.hitTest`): `.outside` every box cancels, `.row(i)` chooses row `i` when it
    /// is selectable, `.border` does nothing.
    case click(col: Int, row: Int)
}
