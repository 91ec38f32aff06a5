import MenudProtocol

/// Which inotify watch belongs to which directory, and which watches the kernel holds.
///
/// The crawler adds watches on its own thread and reports them later, in its batches; the
/// kernel ends a watch when its directory is deleted or the daemon removes it, and says so with
/// `IN_IGNORED`. This table keeps the kernel's count true across both delays: a watch counts
/// from its report until the daemon removes it or the kernel ends it, and a report of a watch
/// that is already removed or ended (a directory deleted or moved right after the crawler
/// watched it) is void instead of counting a watch the kernel no longer has. The kernel hands
/// out watch numbers in increasing order and reuses one only after 2^31 others, so a number
/// once ended names nothing new for as long as this matters.
public struct WatchTable: Sendable {
    /// An empty table.
    public init() {}

    public private(set) var directoryOf: [Int32: RelativePath] = [:]
    public private(set) var watchOf: [RelativePath: Int32] = [:]
    /// The paths of `watchOf`, to find those in a subtree without looking at every one.
    private var watchedPaths = DirectoryPathSet()
    /// Watches the kernel holds for the daemon, as far as the loop has heard.
    public private(set) var live: Set<Int32> = []
    /// Removed by the daemon; the kernel's `IN_IGNORED` for them is still to come.
    private var removing: Set<Int32> = []
    /// Ended (`IN_IGNORED` seen) while crawls ran, whose batches may still report them.
    private var ended: Set<Int32> = []
    /// Watches of directories that left the tree before their crawl reported, kept until every
    /// running crawl has reported: the kernel watches an inode once, so a later crawl of the
    /// same directory (moved back, or under another name) is handed the same watch number, and
    /// removing it now would take that crawl's watch away.
    private var awaitingSettle: Set<Int32> = []

    /// How many watches the kernel holds (what `daemon.status` reports).
    public var count: Int { live.count }

    /// The outcome of a crawler's report.
    public enum Registration: Equatable, Sendable {
        /// The watch now stands for the directory; `remove` are watches that no longer stand
        /// for anything (the directory's earlier watch, when it is another directory now) and
        /// are to be removed from the kernel.
        case registered(remove: [Int32])
        /// The watch is removed or ended already: the directory is gone from where it was
        /// crawled (a later crawl reports where it is now).
        case alreadyEnded
    }

    /// The crawler watched `path` with `watch`.
    public mutating func register(_ watch: Int32, for path: RelativePath) -> Registration {
        if ended.contains(watch) || removing.contains(watch) { return .alreadyEnded }
        awaitingSettle.remove(watch)
        var remove: [Int32] = []
        if let old = watchOf[path], old != watch {
            // The name holds another directory now; the old one's watch stands for nothing.
            directoryOf[old] = nil
            if live.remove(old) != nil {
                removing.insert(old)
                remove.append(old)
            }
        }
        if let previous = directoryOf[watch], previous != path, watchOf[previous] == watch {
            // The same directory under a new name: the old name is gone.
            watchOf[previous] = nil
            watchedPaths.remove(previous)
        }
        directoryOf[watch] = path
        watchOf[path] = watch
        watchedPaths.insert(path)
        live.insert(watch)
        return .registered(remove: remove)
    }

    /// A watch the crawler added for a directory that left the tree before its report arrived.
    /// Returns true when the watch is to be removed from the kernel now (no directory of the
    /// tree uses it). While crawls run, it waits for them instead (see `awaitingSettle`).
    public mutating func discard(_ watch: Int32, whileCrawling: Bool) -> Bool {
        if ended.contains(watch) || removing.contains(watch) { return false }
        guard directoryOf[watch] == nil else { return false }
        if whileCrawling {
            awaitingSettle.insert(watch)
            return false
        }
        live.remove(watch)
        removing.insert(watch)
        return true
    }

    /// The kernel's `IN_IGNORED`: the watch is gone. Returns the directory it stood for.
    @discardableResult
    public mutating func end(_ watch: Int32) -> RelativePath? {
        let path = directoryOf.removeValue(forKey: watch)
        if let path, watchOf[path] == watch {
            watchOf[path] = nil
            watchedPaths.remove(path)
        }
        removing.remove(watch)
        live.remove(watch)
        ended.insert(watch)
        return path
    }

    /// No crawl is running: every watch the crawler added has been reported, so ended ones
    /// need no remembering. Returns the discarded watches no later report claimed, to be
    /// removed from the kernel.
    public mutating func crawlsSettled() -> [Int32] {
        let unclaimed = awaitingSettle.filter { directoryOf[$0] == nil && !ended.contains($0) && !removing.contains($0) }
        awaitingSettle.removeAll()
        for watch in unclaimed {
            live.remove(watch)
            removing.insert(watch)
        }
        ended.removeAll()
        return unclaimed.sorted()
    }

    /// Forgets `path` and every directory below it; returns their watches, to be removed
    /// from the kernel. Costs the directories of that subtree, not every watched one.
    public mutating func forgetSubtree(_ path: RelativePath) -> [Int32] {
        var removed: [Int32] = []
        for directory in watchedPaths.removeSubtree(path) {
            guard let watch = watchOf.removeValue(forKey: directory) else { continue }
            directoryOf[watch] = nil
            if live.remove(watch) != nil {
                removing.insert(watch)
                removed.append(watch)
            }
        }
        return removed
    }

    /// Whether `watch` stands for a directory now.
    public func isKnown(_ watch: Int32) -> Bool { directoryOf[watch] != nil }
}
