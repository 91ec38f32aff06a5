import MenudCore
import MenudPluginAPI
import MenudProtocol

/// One selectable row of an open menu, with what it takes to run it.
struct ResolvedItem: Sendable {
    /// What the item acts on, which decides how its files are found when it starts.
    enum Scope: Sendable, Equatable {
        /// The menu's file or selection: each must still be the file the menu showed.
        case targets
        /// A directory-menu row: its one file, checked the same way and not pending, runs the
        /// configured default action.
        case row
        /// A directory-wide item: it asks for the tracked files as it runs (``TargetDirectory``).
        case directory
    }

    /// The plugin that offered the item (`""` for a directory row).
    let plugin: String
    let item: MenuItem
    let scope: Scope
    let kind: MenuTargetKind
    /// The files as the menu showed them (none for a directory-wide item).
    let files: [TargetFile]
    /// The same files as ``TargetCheck`` compares them: exact name, device and inode, state.
    let shown: [ShownFile]
    /// The files the action must not share with another running action: its targets (none for
    /// a directory-wide item, which claims the whole folder instead).
    let lockPaths: [RelativePath]
    /// Whether the action claims the whole folder, so that it runs alone: a directory-wide item,
    /// whose files are found only as it runs.
    var locksFolder: Bool { scope == .directory }
    /// A directory-menu row runs the configured default action of its file: which plugin
    /// and which of that plugin's item ids, looked up when it runs.
    let defaultAction: (plugin: String, itemId: String)?
    /// The watched folder the menu was opened in (see ``TargetCheck/checkRoot(shown:now:)``).
    var root: FileNodeID? = nil

    /// The plugin and item id to ask for again when the action starts.
    var source: (plugin: String, itemId: String) {
        defaultAction ?? (plugin, item.id)
    }
}
