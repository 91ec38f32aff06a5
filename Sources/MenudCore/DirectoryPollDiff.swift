import MenudProtocol

/// What one listing of a polled directory (one without an inotify watch) says changed since
/// the previous listing: the files it knew there that are not listed now (to `lstat` again:
/// gone, or replaced), and the subdirectories that appeared (to crawl) or went (to forget).
/// It costs what the directory holds, not what the tree holds.
public struct DirectoryPollDiff: Equatable, Sendable {
    /// Tracked files directly in the directory that the listing did not show.
    public var unlisted: [RelativePath]
    /// Subdirectories listed now that the previous listing did not show.
    public var newSubdirectories: [RelativePath]
    /// Subdirectories the previous listing showed that are not listed now.
    public var goneSubdirectories: [RelativePath]

    /// Compares `known` (tracked files directly in the directory) with `listed` (the files the
    /// listing found), and the subdirectories of the previous listing with the current ones.
    public init(known: [RelativePath], listed: [RelativePath],
                previousSubdirectories: [RelativePath], subdirectories: [RelativePath]) {
        let listedSet = Set(listed)
        unlisted = known.filter { !listedSet.contains($0) }
        let previous = Set(previousSubdirectories)
        let current = Set(subdirectories)
        newSubdirectories = subdirectories.filter { !previous.contains($0) }
        goneSubdirectories = previousSubdirectories.filter { !current.contains($0) }
    }

    /// Whether the listing changed nothing.
    public var isEmpty: Bool { unlisted.isEmpty && newSubdirectories.isEmpty && goneSubdirectories.isEmpty }
}
