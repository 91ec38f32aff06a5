import MenudCore
import MenudLoop
import MenudNative

/// What the crawler found in one directory.
struct CrawledDirectory: Sendable {
    struct File: Sendable {
        let path: RelativePath
        let facts: FileFacts
    }

    let path: RelativePath
    /// The inotify watch now on this directory, if it could be added.
    let watch: Int32?
    /// Why no watch could be added (the user's watch limit, most often).
    let watchError: LoopError?
    /// Why the directory could not be listed (permissions, vanished).
    let listError: SystemError?
    let files: [File]
}
