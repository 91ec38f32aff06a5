import MenudCore
import MenudNative
import MenudProtocol

/// A subtree for the crawler to walk: watch every directory, list it, `lstat` every file.
struct CrawlJob: Sendable {
    enum Reason: Sendable {
        /// The first crawl after start (or after the root came back): old files are ready at once.
        case initial
        /// A directory appeared (created or moved in) while watched.
        case newDirectory
        /// Events may have been lost (inotify overflow, a watch that could not be added):
        /// compare what is there with what is known and report only real changes.
        case rescan
        /// Directories without a watch, listed again each rescan interval (`polled`), each
        /// alone: their subdirectories are polled or watched in their own right.
        case poll
    }

    let id: Int
    let directory: RelativePath
    let reason: Reason
    /// The root every directory of the job is opened beneath (set when the job is started).
    var root: DirectoryDescriptor?
    /// The directories of a poll (`directory` is the root then, and stands for nothing).
    var polled: [RelativePath] = []
}
