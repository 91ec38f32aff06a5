import MenudPluginAPI

/// One selectable row of an open menu, with what it takes to run it.
struct ResolvedItem: Sendable {
    let plugin: String
    let item: MenuItem
    /// The files the action works on.
    let files: [TargetFile]
    /// A directory-menu row runs the configured default action of its file: which plugin
    /// and which of that plugin's item ids, looked up when it runs.
    let defaultAction: (plugin: String, itemId: String)?
}
