/// The answer to "what is at this path beneath the root now?", resolved without following a
/// symbolic link at any level.
public enum PathLookup: Hashable, Sendable {
    /// The last name exists (it may itself be a link, a folder or a FIFO: see its kind).
    case found(PathEntry)
    /// Nothing has that name.
    case missing
    /// A folder on the way is now a symbolic link (which is not followed).
    case linkOnTheWay
    /// A folder on the way is no longer a folder.
    case notADirectory
    /// The daemon had no file descriptor free to look (at its open-file limit): nothing is known
    /// of the path, which may well be unchanged; the same look-up may succeed a moment later.
    case outOfDescriptors
    /// Any other failure (permissions, the root not open...), in words.
    case failed(String)
}
