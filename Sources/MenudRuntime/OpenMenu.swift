import MenudCore
import MenudProtocol

/// What the daemon keeps with an open menu in the session table, until the menu ends.
struct OpenMenu: Sendable {
    /// The state of each target file when the menu opened, to tell a state change.
    let statesAtOpen: [RelativePath: FileState]
    /// What each item with an action runs, by menu-wide id.
    let items: [String: ResolvedItem]
}
