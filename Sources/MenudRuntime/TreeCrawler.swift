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
/// tree is crawled. Its threads (at most ``maxThreads``, and no more than the processors it may
/// use) share the walk under way (`CrawlQueue`): listing and `lstat` split by directory. The
/// threads sleep on a condition between jobs: a dispatch queue's worker would wake the idle
/// daemon once more when it retires.
final class TreeCrawler: Sendable {
    private let rootBytes: [UInt8]
    private let queue: CrawlQueue
    private let stopped = Atomic<Bool>(false)
    private let budget: WatchBudget
    private let deliver: @Sendable (CrawlReport) -> Void
    /// Batches the crawler may post before the loop has taken them (`batchTaken`): without
    /// a bound the crawler ran far ahead of the loop under load, and the batches waiting
    /// (about 100 bytes a file) left the heap fragmented after the crawl.
    private let room = NativeSemaphore(value: TreeCrawler.batchesAhead)
    static let batchesAhead = 8
    /// The crawler's threads run this much nicer than the loop's: on a busy machine they
    /// often want the same CPU, and a request waiting for the loop matters more than the crawl
    /// (which the loop's pace bounds anyway).
    static let niceness: Int32 = 10
    /// One thread by default. Two took a million-file crawl on tmpfs from 1.9 s to 1.7 s, but
    /// the loop, which takes in every file found, is the crawl's pace by then, and with both
    /// processors busy listing, another client's worst wait during the crawl went from 11 to
    /// 19 ms and a file's memory from 73 to 77-79 bytes (the second thread's malloc arena).
    /// Tests walk with more (`threads:`), so the shared walk stays proven.
    static let maxThreads = 1

    /// Files per batch: big enough to keep wake-ups rare, small enough that applying one batch
    /// on the loop takes a few milliseconds.
    static let batchFiles = 2048
    /// Directories per batch of a poll round.
    static let polledPerBatch = 64

    /// `threads`: how many walk the tree (at least 1); by default ``maxThreads``, or fewer when
    /// the process may use fewer processors.
    init(root: [UInt8], ignore: IgnoreRules, budget: WatchBudget, threads: Int = min(TreeCrawler.maxThreads, NativeThread.usableProcessors),
         post: @escaping @Sendable (CrawlReport) -> Void) {
        rootBytes = root
        queue = CrawlQueue(ignore: ignore)
        self.budget = budget
        deliver = post
        for number in 1...max(1, threads) {
            NativeThread.start(name: number == 1 ? "menud-crawl" : "menud-crawl-\(number)") { [self] in
                NativeThread.lowerCurrentPriority(by: TreeCrawler.niceness)
                work()
            }
        }
    }

    func updateIgnoreRules(_ ignore: IgnoreRules) {
        queue.updateIgnoreRules(ignore)
    }

    /// Stops every crawl at its next directory and ends the threads; nothing is posted afterwards.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        queue.stop()
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
        queue.enqueue(job)
    }

    private func work() {
        while true {
            switch queue.take() {
            case .stop:
                return
            case .poll(let job, let ignore):
                poll(job, ignore: ignore)
                queue.finishPoll()
            case .list(let job, let directory, let ignore):
                walk(job, from: directory, ignore: ignore)
            }
            if stopped.load(ordering: .relaxed) { return }
        }
    }

    private func absolute(_ path: RelativePath) -> [UInt8] {
        path.bytes.isEmpty ? rootBytes : rootBytes + [0x2F] + path.bytes
    }

    /// Takes part in the walk `job` from `first` until no directory of it is left, posting
    /// batches; the last thread out posts the final one.
    private func walk(_ job: CrawlJob, from first: RelativePath, ignore: IgnoreRules) {
        var batch: [CrawledDirectory] = []
        var batchFiles = 0
        var next: RelativePath? = first
        while true {
            while let directory = next {
                if stopped.load(ordering: .relaxed) { return }
                let (listed, found) = list(directory, beneath: job.root, ignore: ignore, reportSubdirectories: false)
                batchFiles += listed.files.count
                batch.append(listed)
                if batchFiles >= TreeCrawler.batchFiles || batch.count >= 256 {
                    post(CrawlReport(job: job, directories: batch, finished: false))
                    batch = []
                    batchFiles = 0
                }
                next = queue.next(after: found)
            }
            if queue.isAlone { break }
            if !batch.isEmpty {
                post(CrawlReport(job: job, directories: batch, finished: false))
                batch = []
                batchFiles = 0
            }
            switch queue.leave() {
            case .more(let directory): next = directory
            case .left: return
            case .last: break
            }
            if next == nil { break }
        }
        if stopped.load(ordering: .relaxed) { return }
        post(CrawlReport(job: job, directories: batch, finished: true))
        queue.finishWalk()
    }

    /// Lists each directory of a poll (those without a watch) again, without going into their
    /// subdirectories: what it costs is what those directories hold. Each tries for a watch
    /// again, which it gets once the watch limit leaves room.
    private func poll(_ job: CrawlJob, ignore: IgnoreRules) {
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
            return (CrawledDirectory(path: directory, identity: nil, watch: nil, watchError: nil, listError: error, files: CrawledFiles(), subdirectories: nil), [])
        case .success(let directory): opened = directory
        }
        var watch: Int32?
        var watchError: LoopError?
        do { watch = try budget.addWatch(openDirectory: opened.descriptor.number, path: absolute(directory)) } catch { watchError = error }
        let identity = try? opened.status().get()
        var files = CrawledFiles()
        var pending: [RelativePath] = []
        switch opened.entries() {
        case .failure(let error):
            return (CrawledDirectory(path: directory, identity: identity, watch: watch, watchError: watchError, listError: .system(error), files: CrawledFiles(), subdirectories: nil), [])
        case .success(let entries):
            for entry in entries {
                var kind = entry.kind
                var status: FileStatus?
                if kind == .unknown || kind == .file {
                    guard case .success(let found) = opened.status(ofEntry: entry.name) else { continue }
                    status = found
                    kind = found.kind == .directory ? .directory : (found.kind == .file ? .file : .other)
                }
                switch kind {
                case .directory:
                    if !ignore.ignoresEntry(named: entry.name, in: directory, isDirectory: true) {
                        pending.append(directory.appending(component: entry.name))
                    }
                case .file:
                    if let status, !ignore.ignoresEntry(named: entry.name, in: directory, isDirectory: false) {
                        files.append(directory: directory, name: entry.name, facts: FileFacts(status))
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
