/// What an open menu depends on, to know when a change makes it stale.
public enum MenuSessionTarget: Hashable, Sendable {
    /// One file or a selection: root-relative paths. A change to any of them invalidates the menu.
    case paths([String])
    /// The directory's own menu, which lists every file: any change invalidates it.
    case directory
}
