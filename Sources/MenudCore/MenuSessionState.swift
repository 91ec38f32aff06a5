/// Where an open menu is in the dismissal handshake.
public enum MenuSessionState: Hashable, Sendable {
    /// Opened; nothing chosen yet.
    case open
    /// `menu.select` chose this item; it runs when `menu.dismissed` arrives.
    case selected(String)
}
