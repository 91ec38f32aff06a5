import MenudCore
import MenudPluginAPI

/// What a menu is for, as the assembler needs it to say what each item acts on.
struct MenuAssemblyTarget {
    let kind: MenuTargetKind
    /// The files as plugins saw them.
    let files: [TargetFile]
    /// What the menu shows of each file an action may name (see ``ShownFile``): every target of
    /// a file or selection menu, the rows of a directory menu (parallel to the start of `files`).
    let shown: [ShownFile]
    let targetPaths: [RelativePath]
    /// The configured default file action (plugin, item id), which a directory row runs.
    let defaultAction: (plugin: String, itemId: String)?
    /// The watched folder the menu was opened in (device and inode), checked again when an
    /// action starts; `nil` when it could not be opened.
    var root: FileNodeID? = nil
}
