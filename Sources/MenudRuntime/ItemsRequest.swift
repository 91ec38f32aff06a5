import MenudPluginAPI

/// What a menu asks the plugins for: the items for a target. A name that is not valid UTF-8
/// shows U+FFFD in `path`, which may be another file's real name: only plugins that work from
/// the exact bytes see such files. For one file or a selection the others are not asked; for
/// the directory they get `textOnlyTarget`, a view of the folder whose pages leave such names out.
struct ItemsRequest {
    let target: MenuTarget
    let namesAllValid: Bool
    let textOnlyTarget: MenuTarget?

    /// What `plugin` is asked about; nil when it is not asked.
    func target(for plugin: any MenudPlugin) -> MenuTarget? {
        namesAllValid || plugin.acceptsNamesThatAreNotUTF8 ? target : textOnlyTarget
    }
}
