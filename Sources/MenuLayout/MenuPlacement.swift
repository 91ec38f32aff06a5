/// Where a menu sits relative to what it was opened from. A top-level menu is `below` or `above`
/// its source (the protocol's `placement`); a submenu is to the `right` or `left` of its row.
public enum MenuPlacement: String, Sendable, Equatable {
    case below
    case above
    case right
    case left
}
