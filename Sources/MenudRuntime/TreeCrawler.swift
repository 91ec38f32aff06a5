import MenudCore
import MenudLoop
import MenudNative
import Synchronization
import MenudProtocol

/// Walks directory trees off the loop thread, adding a watch to each directory before listing
/// it, and posts what it finds in batches. Every directory is opened from the root's
/// descriptor by its whole relative path (`openat2`, no links, nothing above the root), so a
/// folder swapped for a link to somewhere else is never walked into; files are `lstat`ed
/// relative to their open directory. Batches keep the loop answering requests while a large
/// tree is crawled. It has one thread of its own that sleeps on a semaphore between jobs: a
/// dispatch queue's worker would wake the idle daemon once more when it retires.
final class TreeCrawler: Sendable {
    private let rootBytes: [UInt8]
    private let jobs = Mutex<[CrawlJob]>([])
    private let wake = NativeSemaphore()
    private let stopped = Atomic<Bool>(false)
    private let rules: Mutex<IgnoreRules>
    private let budget: WatchBudget
    private let deliver: @Sendable (CrawlReport) -> Void
    /// Batches the crawler may post before the loop has taken them (`batchTaken`): without
    /// a bound the crawler ran far ahead of the loop under load, and the batches waiting
    /// (about 100 bytes a file) left the heap fragmented after the crawl.
    private let room = NativeSemaphore(value: TreeCrawler.batchesAhead)
    static let batchesAhead = 8
    /// The crawler's thread runs this much nicer than the loop's: on a busy machine the two
    /// often want the same CPU, and a request waiting for the loop matters more than the crawl
    /// (which the loop's pace bounds anyway).
    static let niceness: Int32 = 10

    /// Files per batch: big enough to keep wake-ups rare, small enough that applying one batch
    /// on the loop takes a few milliseconds.
    static let batchFiles = 2048
    /// Directories per batch of a poll round.
    static let polledPerBatch = 64

    init(root: [UInt8], ignore: IgnoreRules, budget: WatchBudget, post: @escaping @Sendable (CrawlReport) -> Void) {
        rootBytes = root
        rules = Mutex(ignore)
        self.budget = budget
        deliver = post
        NativeThread.start(name: "menud-crawl") { [self] in
            NativeThread.lowerCurrentPriority(by: TreeCrawler.niceness)
            work()
        }
    }

    func updateIgnoreRules(_ ignore: IgnoreRules) {
        rules.withLock { $0 = ignore }
    }

    /// Stops every crawl at its next directory and ends the thread; nothing is posted afterwards.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        wake.signal()
    }

    /// The loop took a batch off its queue: the crawler may post another.
    func batchTaken() {
        room.signal()
    }

    /// Posts `report` once fewer than ``batchesAhead`` batches wait for the loop; drops it if
    /// the crawler is stopped meanwhile (nothing is posted after `stop`).
    private func post(_ report: CrawlReport) {
        while !room.wait(timeoutMs: 100) {
            if stopped.load(ordering: .relaxed) { return }
        }
        if stopped.load(ordering: .relaxed) { return }
        deliver(report)
    }

    func enqueue(_ job: CrawlJob) {
        jobs.withLock { $0.append(job) }
        wake.signal()
    }

    private func work() {
        while true {
            wake.wait()
            if stopped.load(ordering: .relaxed) { return }
            while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
                if job.reason == .poll { poll(job) } else { crawl(job) }
                if stopped.load(ordering: .relaxed) { return }
            }
        }
    }

    private func absolute(_ path: RelativePath) -> [UInt8] {
        path.bytes.isEmpty ? rootBytes : rootBytes + [0x2F] + path.bytes
    }

    private func crawl(_ job: CrawlJob) {
        let ignore = rules.withLock { $0 }
        var pending: [RelativePath] = [job.directory]
        var batch: [CrawledDirectory] = []
        var batchFiles = 0
        while let directory = pending.popLast() {
            if stopped.load(ordering: .relaxed) { return }
            let (listed, found) = list(directory, beneath: job.root, ignore: ignore, reportSubdirectories: false)
            pending.append(contentsOf: found)
            batchFiles += listed.files.count
            batch.append(listed)
            if batchFiles >= TreeCrawler.batchFiles || batch.count >= 256 {
                post(CrawlReport(job: job, directories: batch, finished: false))
                batch = []
                batchFiles = 0
            }
        }
        if stopped.load(ordering: .relaxed) { return }
        post(CrawlReport(job: job, directories: batch, finished: true))
    }

    /// Lists each directory of a poll (those without a watch) again, without going into their
    /// subdirectories: what it costs is what those directories hold. Each tries for a watch
    /// again, which it gets once the watch limit leaves room.
    private func poll(_ job: CrawlJob) {
        let ignore = rules.withLock { $0 }
        var batch: [CrawledDirectory] = []
        var batchFiles = 0
        for directory in job.polled {
            if stopped.load(ordering: .relaxed) { return }
            let (listed, _) = list(directory, beneath: job.root, ignore: ignore, reportSubdirectories: true)
            batchFiles += listed.files.count
            batch.append(listed)
            // Fewer directories a batch than a crawl's: each costs the loop a comparison.
            if batchFiles >= TreeCrawler.batchFiles || batch.count >= TreeCrawler.polledPerBatch {
                post(CrawlReport(job: job, directories: batch, finished: false))
                batch = []
                batchFiles = 0
            }
        }
        if stopped.load(ordering: .relaxed) { return }
        post(CrawlReport(job: job, directories: batch, finished: true))
    }

    /// Opens `directory` beneath the root (never through a link, never out of the root: a
    /// folder swapped for a link to elsewhere is not followed), watches the open directory
    /// itself, lists it and `lstat`s its files relative to it. Its subdirectories (not ignored)
    /// are in `found`; the report names them too when the directory has no watch, or with
    /// `reportSubdirectories`, so the loop can poll it.
    private func list(_ directory: RelativePath, beneath root: DirectoryDescriptor?, ignore: IgnoreRules,
                      reportSubdirectories: Bool) -> (CrawledDirectory, [RelativePath]) {
        let opened: DirectoryDescriptor
        switch root.map({ $0.openDirectory(beneath: directory.bytes) }) ?? .failure(.notFound) {
        case .failure(let error):
            return (CrawledDirectory(path: directory, identity: nil, watch: nil, watchError: nil, listError: error, files: [], subdirectories: nil), [])
        case .success(let directory): opened = directory
        }
        var watch: Int32?
        var watchError: LoopError?
        do { watch = try budget.addWatch(openDirectory: opened.descriptor.number, path: absolute(directory)) } catch { watchError = error }
        let identity = try? opened.status().get()
        var files: [CrawledDirectory.File] = []
        var pending: [RelativePath] = []
        switch opened.entries() {
        case .failure(let error):
            return (CrawledDirectory(path: directory, identity: identity, watch: watch, watchError: watchError, listError: .system(error), files: [], subdirectories: nil), [])
        case .success(let entries):
            for entry in entries {
                let path = directory.appending(component: entry.name)
                var kind = entry.kind
                var status: FileStatus?
                if kind == .unknown || kind == .file {
                    guard case .success(let found) = opened.status(ofEntry: entry.name) else { continue }
                    status = found
                    kind = found.kind == .directory ? .directory : (found.kind == .file ? .file : .other)
                }
                switch kind {
                case .directory:
                    if !ignore.isIgnored(path, isDirectory: true) { pending.append(path) }
                case .file:
                    if let status, !ignore.isIgnored(path, isDirectory: false) {
                        files.append(.init(path: path, facts: FileFacts(status)))
                    }
                default:
                    break
                }
            }
        }
        let named = watch == nil || reportSubdirectories ? pending : nil
        return (CrawledDirectory(path: directory, identity: identity, watch: watch, watchError: watchError, listError: nil, files: files, subdirectories: named), pending)
    }
}
