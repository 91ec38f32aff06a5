import MenudCore

/// A menu as the assembler made it: the item tree with ids, the handshake's view of each item,
/// and what each selectable item runs.
struct AssembledMenu {
    let items: [AssembledItem]
    /// Every item, submenus and their children included, for the session table.
    let sessionItems: [MenuSessionItem]
    /// What each item with an action runs, by menu-wide id.
    let actions: [String: ResolvedItem]
    /// Shortcut keys dropped because an earlier item had them, one sentence each saying which
    /// item kept the key.
    var keyClashes: [String] = []
}
