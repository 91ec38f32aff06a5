import MenudPluginAPI

/// The items one source gives a menu: a plugin's, or the directory menu's file rows.
struct MenuSection {
    /// What one top-level item of the section acts on (its children act on the same).
    enum Binding {
        /// The menu's target: its file or selection, or for a directory menu the folder.
        case target
        /// One file row of a directory menu: the file at this index of the menu's files.
        case row(Int)
    }

    struct Entry {
        let item: MenuItem
        let binding: Binding
    }

    /// The plugin's name; `""` for the directory's rows.
    let plugin: String
    let entries: [Entry]

    /// A plugin's items, each acting on the menu's target.
    init(plugin: String, items: [MenuItem]) {
        self.plugin = plugin
        entries = items.map { Entry(item: $0, binding: .target) }
    }

    init(plugin: String, entries: [Entry]) {
        self.plugin = plugin
        self.entries = entries
    }
}
