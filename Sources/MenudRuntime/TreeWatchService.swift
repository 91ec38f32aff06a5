import MenudCore
import MenudLoop
import MenudNative
import MenudProtocol

/// The tree watch: the inotify watcher, the crawler, the paths to look at again, rescans of
/// directories without a watch, and the root going away and coming back. It owns the readiness
/// tracker (others read it through ``TrackedFiles``) and tells its listeners what changed.
final class TreeWatchService: DaemonService, TreeStatus {
    let name = "tree watch"
    /// Paths `lstat`ed per loop turn before yielding to the socket again.
    static let statsPerTurn = 512
    /// Readiness transitions applied per loop turn (an expiry sweep over a million files is
    /// spread over turns; each answer in between is consistent as of its clock).
    static let transitionsPerTurn = 4096
    /// The longest a slice of tree work (removals, crawl batches, rescan sweeps) runs
    /// before the loop serves others, and the most steps it takes.
    static let sliceMs: Int64 = 4
    static let stepsPerSlice = 64
    /// Files of a removed directory forgotten per slice step.
    static let removalsPerStep = 4096
    /// Crawled files taken in per slice step. A step is not cut short, and a file can cost
    /// 20 µs while the path index grows (16 stored paths rehashed per insert), so a crawl
    /// batch (2,048 files) is applied in pieces of this many: a step then stays within
    /// a few milliseconds (a whole batch took 35 to 50 ms at a million files).
    static let filesPerStep = 128

    var settings: DaemonSettings
    let log: Logger
    let clock: any Clock
    let loop: EventLoop
    let tracker: ReadinessTracker
    /// The root: file operations on tracked files resolve beneath it, never through a link.
    let watchedRoot: WatchedRoot
    /// The root, open and checked (see `WatchedRoot` for when one descriptor is kept).
    var rootDirectory: DirectoryDescriptor? { try? openedRoot().get().directory }

    private(set) var watcher: FileSystemWatcher!
    private(set) var crawler: TreeCrawler?
    private var inbox: AsyncInbox<CrawlReport>?
    let deadlineTimer: any ScheduledTimer
    let flushTimer: any ScheduledTimer
    let rescanTimer: any ScheduledTimer
    let sliceTimer: any ScheduledTimer
    /// Lets the held root descriptor go once a second passes without a use (`openedRoot()`).
    let rootHoldTimer: any ScheduledTimer
    /// The watches taken and how many more may be (`maxWatches`, the kernel's limit).
    private(set) var budget: WatchBudget!
    private var listeners: [any FileChangeListener] = []
    /// Called once the first crawl has reported everything.
    var onInitialCrawlDone: () -> Void = {}

    var watches = WatchTable()
    /// Directories dropped from the tree while a crawl ran, per crawl.
    var droppedDuringCrawl: [Int: [RelativePath]] = [:]
    var orphanEvents: [Int32: [FileSystemEvent]] = [:]
    var dirty: Set<RelativePath> = []
    /// Directories without a watch (the watch limit, or errors), polled every rescan interval,
    /// each with the subdirectories its last listing showed.
    var polled: [RelativePath: [RelativePath]] = [:]
    /// The paths of `polled`, to find those in a removed subtree without looking at every one.
    var polledPaths = DirectoryPathSet()
    /// The crawl job of the poll round under way.
    var pollJob: Int?
    /// Crawl batches posted by the crawler, applied in slices (`runSlices`).
    var pendingReports: [CrawlReport] = []
    var pendingReportsStart = 0
    /// The report being applied, cut in slices of ``filesPerStep`` files, and the next one.
    var reportSlices: [CrawlReport] = []
    var reportSlicesStart = 0
    /// Rescanned subtrees still to be compared with what the crawl saw, in slices.
    var sweeps: [RescanSweep] = []
    /// Directories that left the tree whose files are still being forgotten, in slices.
    var removals: [RelativePath] = []
    var armedDeadlineMs: Int64?
    var nextCrawlId = 1
    var crawlsRunning: [Int: CrawlJob] = [:]
    var rescanSeen: [Int: Set<RelativePath>] = [:]
    private(set) var initialCrawlStartedMs: Int64 = 0
    var initialCrawlFinished = false
    var rootMissing = false
    var isStopping = false

    init(settings: DaemonSettings, log: Logger, clock: any Clock, loop: EventLoop, scheduler: any LoopScheduler, instanceId: String) throws {
        self.settings = settings
        self.log = log
        self.clock = clock
        self.loop = loop
        tracker = ReadinessTracker(settings: settings.readiness, clock: clock, instanceId: instanceId)
        watchedRoot = WatchedRoot(path: settings.rootBytes)
        deadlineTimer = try scheduler.makeTimer()
        flushTimer = try scheduler.makeTimer()
        rescanTimer = try scheduler.makeTimer()
        sliceTimer = try scheduler.makeTimer()
        rootHoldTimer = try scheduler.makeTimer()
    }

    func addListener(_ listener: any FileChangeListener) {
        listeners.append(listener)
    }

    // MARK: Lifecycle

    func start() throws {
        let inbox = try AsyncInbox<CrawlReport>(loop: loop) { [unowned self] reports in
            self.enqueue(reports)
        }
        self.inbox = inbox
        watcher = try FileSystemWatcher(loop: loop)
        try watcher.start { [unowned self] events in self.handle(events) }
        let budget = WatchBudget(registrar: watcher.registrar, maxWatches: settings.maxWatches)
        self.budget = budget
        crawler = TreeCrawler(root: settings.rootBytes, ignore: settings.ignore, budget: budget) { report in
            inbox.post(report)
        }
        guard case .success(let status) = FileStatus.follow(settings.rootBytes), status.kind == .directory else {
            throw StartupError("the root \(settings.root) is not a directory; create it or pass --root DIR")
        }
        guard watchedRoot.adopt() else {
            throw StartupError("cannot open the root \(settings.root): \(SystemError.current("open").message)")
        }
    }

    /// The first crawl starts once clients can connect (its progress is in `daemon.status`).
    func allStarted() {
        startCrawl(.init(id: 0, directory: RelativePath.root, reason: .initial))
        initialCrawlStartedMs = clock.nowMs()
    }

    func reload(_ configuration: DaemonConfiguration) {
        settings = configuration.settings
        // Every file is re-reckoned in slices (`runSlices`): a million take most of a second.
        tracker.beginSettings(settings.readiness)
        scheduleSlices()
        crawler?.updateIgnoreRules(settings.ignore)
        budget?.update(maxWatches: settings.maxWatches)
        noteChanged(tracker.advance(maxTransitions: TreeWatchService.transitionsPerTurn))
        armDeadlineTimer()
    }

    func shutdown(graceMs: UInt64, done: @escaping () -> Void) {
        isStopping = true
        rootHoldTimer.stop()
        crawler?.stop()
        done()
    }

    // MARK: Status

    /// A crawl other than the poll round is running (status reports).
    var isCrawling: Bool { crawlsRunning.count > (pollJob == nil ? 0 : 1) }
    /// Any crawl, the poll round included, may still report watches.
    var anyCrawlRunning: Bool { !crawlsRunning.isEmpty }
    var watchedDirectoryCount: Int { watches.count }
    var unwatchedDirectoryCount: Int { polled.count }
    var watchLimit: Int? { budget?.limit }

    // MARK: Changes

    func noteChanged(_ paths: [RelativePath]) {
        guard !paths.isEmpty else { return }
        for listener in listeners { listener.filesChanged(paths) }
    }

    func noteRemoved(_ paths: [RelativePath]) {
        guard !paths.isEmpty else { return }
        for listener in listeners { listener.filesRemoved(paths) }
    }

    /// The first crawl of the root is done.
    func initialCrawlDone() {
        initialCrawlFinished = true
        let counts = tracker.counts
        log.info("initial crawl done: \(counts.total) file\(counts.total == 1 ? "" : "s") (\(counts.ready) ready, \(counts.pending) pending, \(counts.expired) expired) in \(watches.watchOf.count) directories, \(clock.nowMs() - initialCrawlStartedMs) ms")
        onInitialCrawlDone()
        // The crawl's batches are gone; give their memory back to the system.
        MemoryUse.returnFreeMemory()
    }

    // MARK: Deadlines

    /// Keeps the one readiness timer armed for the earliest transition of all files.
    func armDeadlineTimer() {
        let next = tracker.nextDeadlineMs
        guard next != armedDeadlineMs || (next != nil && !deadlineTimer.isActive) else { return }
        armedDeadlineMs = next
        guard let next else {
            deadlineTimer.stop()
            return
        }
        let delay = max(0, next - clock.nowMs())
        deadlineTimer.start(afterMs: UInt64(delay)) { [unowned self] in
            self.armedDeadlineMs = nil
            self.noteChanged(self.tracker.advance(maxTransitions: TreeWatchService.transitionsPerTurn))
            self.armDeadlineTimer()
        }
    }
}
