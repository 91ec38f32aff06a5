import MenudPluginAPI

/// One item of an assembled menu: its menu-wide id, the plugin that offered it, what it shows
/// (the plugin's item, its key dropped when an earlier item has it; its children are
/// ``children``) and its children.
struct AssembledItem {
    let id: String
    /// `""` for the directory's rows and their group.
    let plugin: String
    let item: MenuItem
    let children: [AssembledItem]
}
