import MenudCore
import MenudPluginAPI
import MenudProtocol

/// What a menu is for, as the assembler needs it to say what each item acts on.
struct MenuAssemblyTarget {
    let kind: MenuTargetKind
    /// The files as plugins saw them: the target of a file or selection menu, the rows of a
    /// directory menu (its first ``DirectoryRows/limit`` files).
    let files: [TargetFile]
    /// What the menu shows of each of `files` (see ``ShownFile``), parallel to it.
    let shown: [ShownFile]
    /// The paths of `files`.
    let targetPaths: [RelativePath]
    /// The configured default file action (plugin, item id), which a directory row runs.
    let defaultAction: (plugin: String, itemId: String)?
    /// The watched folder the menu was opened in (device and inode), checked again when an
    /// action starts; `nil` when it could not be opened.
    var root: FileNodeID? = nil
}
