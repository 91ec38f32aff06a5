import MenudCore
import MenudLoop
import MenudNative
import MenudProtocol

/// What the crawler found in one directory.
struct CrawledDirectory: Sendable {
    struct File: Sendable {
        let path: RelativePath
        let facts: FileFacts
    }

    let path: RelativePath
    /// The directory that was listed (its device and inode), to tell later whether `path`
    /// still names it.
    let identity: FileStatus?
    /// The inotify watch now on this directory, if it could be added.
    let watch: Int32?
    /// Why no watch could be added (the user's watch limit, most often).
    let watchError: LoopError?
    /// Why the directory could not be opened or listed (permissions, vanished, a link now).
    let listError: PathAccessError?
    let files: CrawledFiles
    /// The subdirectories listed (not ignored), when the directory has no watch or was polled:
    /// a poll compares them with the previous listing's. Nil otherwise.
    let subdirectories: [RelativePath]?
}
