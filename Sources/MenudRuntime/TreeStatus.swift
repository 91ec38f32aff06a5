/// What the tree watch tells others about its own progress (status reports).
protocol TreeStatus: AnyObject {
    /// The first crawl of the root has reported everything (or the root went meanwhile).
    var initialCrawlFinished: Bool { get }
    var isCrawling: Bool { get }
    /// Directories with an inotify watch (the kernel's count).
    var watchedDirectoryCount: Int { get }
    /// Directories rescanned on a timer instead (no watch could be added).
    var unwatchedDirectoryCount: Int { get }
    /// The most watches the daemon takes now: `maxWatches`, or fewer once the kernel refused
    /// one (its limit is shared with the user's other programs); nil when neither applies.
    var watchLimit: Int? { get }
}
