import MenudCore
import MenudLoop
import MenudNative
import MenudProtocol

extension TreeWatchService {
    /// Queues a crawl beneath the root as it is open now (none while the root is missing:
    /// its return starts one).
    func startCrawl(_ job: CrawlJob) {
        guard let root = rootDirectory, let crawler else { return }
        if job.reason != .poll { finishRemovals(touching: job.directory) }
        let job = CrawlJob(id: nextCrawlId, directory: job.directory, reason: job.reason, root: root, polled: job.polled)
        nextCrawlId += 1
        crawlsRunning[job.id] = job
        if job.reason == .poll { pollJob = job.id }
        if job.reason == .rescan { rescanSeen[job.id] = [] }
        crawler.enqueue(job)
    }

    func apply(_ report: CrawlReport) {
        guard !isStopping else { return }
        let job = report.job
        guard crawlsRunning[job.id] != nil else {
            // A crawl of a root that has gone since: nothing it found stands.
            for directory in report.directories { if let watch = directory.watch { discardWatch(watch) } }
            return
        }
        let dropped = droppedDuringCrawl[job.id] ?? []
        var changed: [RelativePath] = []
        for directory in report.directories {
            if !dropped.isEmpty, dropped.contains(where: { directory.path == $0 || directory.path.isInside($0) }),
               !stillInTree(directory) {
                // Moved or deleted out of the tree after the crawler listed it: its watch and
                // its files are not the tree's.
                if let watch = directory.watch { discardWatch(watch) }
                continue
            }
            if job.reason == .poll {
                absorbPolled(directory, changed: &changed)
                continue
            }
            guard absorbWatch(directory) else { continue }
            if let error = directory.listError {
                if error == .notFound && job.reason != .initial {
                    // Gone before the crawler came to it: the event that removed it says so.
                    log.debug("directory \(directory.path.displayString) vanished before it was crawled")
                } else {
                    log.once("list-\(directory.path.displayString)", .warning, "cannot read directory \(directory.path.displayString.isEmpty ? settings.root : directory.path.displayString): \(error)")
                }
            }
            finishRemovals(touching: directory.path)
            for file in directory.files {
                if job.reason == .rescan { rescanSeen[job.id]?.insert(file.path) }
                if tracker.observe(file.path, facts: file.facts, initial: job.reason == .initial) {
                    changed.append(file.path)
                }
            }
        }
        // The first crawl announces nothing: a client learns the tree from a listing, complete
        // once `crawling` is false. (It used to announce the files of its last batch when it
        // ended, an arbitrary part of the tree, which reached a client that subscribed just
        // after the listing said every file was there.)
        if job.reason != .initial { noteChanged(changed) }
        if report.finished {
            crawlsRunning[job.id] = nil
            droppedDuringCrawl[job.id] = nil
            if job.id == pollJob {
                pollJob = nil
                armRescanTimer()
            }
            if crawlsRunning.isEmpty { crawlsSettled() }
            if job.reason == .rescan, let seen = rescanSeen.removeValue(forKey: job.id) {
                // Whatever is known under the rescanned directory but was not seen may be gone;
                // lstat decides (a file created during the rescan is still there). Compared in
                // slices: the subtree may hold every tracked file.
                sweeps.append(RescanSweep(directory: job.directory, seen: seen, after: nil))
            }
            if job.reason == .initial && job.directory.isRoot { initialCrawlDone() }
        }
        armDeadlineTimer()
    }

    /// Takes in the watch the crawler added for `directory`, or polls the directory when it has
    /// none. Returns false when the watch has ended already (the directory is not where it was
    /// listed: a later crawl reports where it is now).
    func absorbWatch(_ directory: CrawledDirectory) -> Bool {
        if let watch = directory.watch {
            switch watches.register(watch, for: directory.path) {
            case .alreadyEnded:
                orphanEvents[watch] = nil
                return false
            case .registered(let stale):
                for old in stale { watcher.removeWatch(old) }
                if directory.path.isRoot { watchedRoot.watched(true) }
            }
            setPolled(directory.path, subdirectories: nil)
            if let early = orphanEvents.removeValue(forKey: watch) { handle(early) }
        } else if let error = directory.watchError, watches.watchOf[directory.path] == nil {
            setPolled(directory.path, subdirectories: directory.subdirectories ?? [])
            let name = directory.path.displayString.isEmpty ? "the root" : directory.path.displayString
            if error.isNoSpace, budget.limitIsConfigured, let limit = budget.limit {
                log.once("watch-limit", .warning, "maxWatches (\(limit)) is reached; \(name) and other directories are rescanned every \(DurationText.format(settings.rescanIntervalMs)) instead. Raise maxWatches in the config to watch more.")
            } else if error.isNoSpace {
                log.once("watch-limit", .warning, "the inotify watch limit is reached (fs.inotify.max_user_watches); \(name) and other directories are rescanned every \(DurationText.format(settings.rescanIntervalMs)) instead. Raise the limit with: sysctl fs.inotify.max_user_watches=524288")
            } else {
                log.once("watch-\(directory.path.displayString)", .warning, "cannot watch \(directory.path.displayString): \(error.message); rescanning it every \(DurationText.format(settings.rescanIntervalMs))")
            }
            armRescanTimer()
        } else if case .system? = directory.listError, watches.watchOf[directory.path] == nil {
            // Could not even be opened (no permission, most often): looked at again on
            // every poll until it can.
            if polled[directory.path] == nil { setPolled(directory.path, subdirectories: []) }
            armRescanTimer()
        }
        return true
    }

    /// Whether the directory the crawler listed is still the one at its path in the tree.
    func stillInTree(_ directory: CrawledDirectory) -> Bool {
        guard let identity = directory.identity, let root = rootDirectory else { return false }
        let now: FileStatus
        if directory.path.isRoot {
            guard case .success(let status) = root.status() else { return false }
            now = status
        } else {
            guard case .success(let status) = root.status(beneath: directory.path.bytes) else { return false }
            now = status
        }
        return now.kind == .directory && now.device == identity.device && now.inode == identity.inode
    }

    /// Removes a watch the crawler added for a directory that is not in the tree (unless the
    /// tree's directory at another path has the same watch).
    func discardWatch(_ watch: Int32) {
        orphanEvents[watch] = nil
        if watches.discard(watch, whileCrawling: anyCrawlRunning) { watcher.removeWatch(watch) }
    }

    /// Every crawl has reported: events held for watches no report named belong to nothing.
    func crawlsSettled() {
        for watch in watches.crawlsSettled() { watcher.removeWatch(watch) }
        orphanEvents.removeAll()
    }
}
