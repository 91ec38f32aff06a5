/// What became of a target between the menu and the start of its action (`data.change` of a
/// `-32023` answer).
public enum TargetChangeKind: String, Hashable, Sendable, CaseIterable {
    /// The name now stands for another file (another device or inode), or a folder on its way
    /// was swapped for a symbolic link.
    case replaced
    /// The name is gone (or is no longer tracked).
    case removed
    /// The name is now a folder, a symbolic link or a special file.
    case type
    /// The file's state no longer allows the action (the plugin no longer offers the item for
    /// the file as it is now, or a directory row's file is pending again).
    case state
    /// The name could not be looked up (permissions, the root missing).
    case unreachable
}
