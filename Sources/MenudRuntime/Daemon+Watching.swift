import MenudCore
import MenudLoop
import MenudNative

extension Daemon {
    /// Paths `lstat`ed per loop turn before yielding to the socket again.
    static let statsPerTurn = 512

    func handle(_ message: RuntimeMessage) {
        switch message {
        case .crawled(let job, let directories, let finished):
            applyCrawl(job, directories, finished: finished)
        case .completion(let completion):
            completion.apply(self)
        }
    }

    /// Queues a crawl beneath the root as it is open now (none while the root is missing:
    /// its return starts one).
    func startCrawl(_ job: CrawlJob) {
        guard let root = rootDirectory else { return }
        let job = CrawlJob(id: nextCrawlId, directory: job.directory, reason: job.reason, root: root)
        nextCrawlId += 1
        crawlsRunning[job.id] = job
        if job.reason == .rescan { rescanSeen[job.id] = [] }
        crawler.enqueue(job)
    }

    var isCrawling: Bool { !crawlsRunning.isEmpty }

    private func applyCrawl(_ job: CrawlJob, _ directories: [CrawledDirectory], finished: Bool) {
        guard !isStopping else { return }
        guard crawlsRunning[job.id] != nil else {
            // A crawl of a root that has gone since: nothing it found stands.
            for directory in directories { if let watch = directory.watch { discardWatch(watch) } }
            return
        }
        let dropped = droppedDuringCrawl[job.id] ?? []
        var changed: [RelativePath] = []
        for directory in directories {
            if !dropped.isEmpty, dropped.contains(where: { directory.path == $0 || directory.path.isInside($0) }),
               !stillInTree(directory) {
                // Moved or deleted out of the tree after the crawler listed it: its watch and
                // its files are not the tree's.
                if let watch = directory.watch { discardWatch(watch) }
                continue
            }
            if let watch = directory.watch {
                switch watches.register(watch, for: directory.path) {
                case .alreadyEnded:
                    orphanEvents[watch] = nil
                    continue
                case .registered(let stale):
                    for old in stale { watcher.removeWatch(old) }
                }
                unwatchedDirectories.remove(directory.path)
                if let early = orphanEvents.removeValue(forKey: watch) { handle(early) }
            } else if let error = directory.watchError, watches.watchOf[directory.path] == nil {
                unwatchedDirectories.insert(directory.path)
                if error.isNoSpace {
                    log.once("watch-limit", .warning, "the inotify watch limit is reached (fs.inotify.max_user_watches); \(directory.path.displayString.isEmpty ? "the root" : directory.path.displayString) and other directories are rescanned every \(DurationText.format(settings.rescanIntervalMs)) instead. Raise the limit with: sysctl fs.inotify.max_user_watches=524288")
                } else {
                    log.once("watch-\(directory.path.displayString)", .warning, "cannot watch \(directory.path.displayString): \(error.message); rescanning it every \(DurationText.format(settings.rescanIntervalMs))")
                }
                armRescanTimer()
            } else if case .system? = directory.listError, watches.watchOf[directory.path] == nil {
                // Could not even be opened (no permission, most often): looked at again on
                // every rescan until it can.
                unwatchedDirectories.insert(directory.path)
                armRescanTimer()
            }
            if let error = directory.listError {
                if error == .notFound && job.reason != .initial {
                    // Gone before the crawler came to it: the event that removed it says so.
                    log.debug("directory \(directory.path.displayString) vanished before it was crawled")
                } else {
                    log.once("list-\(directory.path.displayString)", .warning, "cannot read directory \(directory.path.displayString.isEmpty ? settings.root : directory.path.displayString): \(error)")
                }
            }
            for file in directory.files {
                if job.reason == .rescan { rescanSeen[job.id]?.insert(file.path) }
                if tracker.observe(file.path, facts: file.facts, initial: job.reason == .initial) {
                    changed.append(file.path)
                }
            }
        }
        if job.reason != .initial { noteChanged(changed) }
        if finished {
            crawlsRunning[job.id] = nil
            droppedDuringCrawl[job.id] = nil
            if crawlsRunning.isEmpty { crawlsSettled() }
            if job.reason == .rescan, let seen = rescanSeen.removeValue(forKey: job.id) {
                // Whatever is known under the rescanned directory but was not seen may be gone;
                // lstat decides (a file created during the rescan is still there).
                for path in tracker.paths(under: job.directory) where !seen.contains(path) {
                    dirty.insert(path)
                }
                scheduleFlush()
            }
            if job.reason == .initial && job.directory.isRoot {
                initialCrawlFinished = true
                let counts = tracker.counts
                log.info("initial crawl done: \(counts.total) file\(counts.total == 1 ? "" : "s") (\(counts.ready) ready, \(counts.pending) pending, \(counts.expired) expired) in \(watches.watchOf.count) directories, \(clock.nowMs() - initialCrawlStartedMs) ms")
                // Files that changed while the crawl ran get their notifications now.
                noteChanged(changed)
                reportStatus()
                // The crawl's batches are gone; give their memory back to the system.
                MemoryUse.returnFreeMemory()
            }
        }
        armDeadlineTimer()
    }

    /// Whether the directory the crawler listed is still the one at its path in the tree.
    private func stillInTree(_ directory: CrawledDirectory) -> Bool {
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
    private func discardWatch(_ watch: Int32) {
        orphanEvents[watch] = nil
        if watches.discard(watch, whileCrawling: isCrawling) { watcher.removeWatch(watch) }
    }

    /// Every crawl has reported: events held for watches no report named belong to nothing.
    func crawlsSettled() {
        for watch in watches.crawlsSettled() { watcher.removeWatch(watch) }
        orphanEvents.removeAll()
    }

    // MARK: Events

    func handle(_ events: [FileSystemEvent]) {
        guard !isStopping else { return }
        for event in events {
            if event.kind.contains(.overflow) {
                log.once("overflow", .warning, "the kernel dropped file events (inotify queue overflow); rescanning the tree. Raise fs.inotify.max_queued_events if this repeats.")
                startCrawl(.init(id: 0, directory: .root, reason: .rescan))
                continue
            }
            if event.kind.contains(.watchRemoved) {
                // The kernel ended the watch (its directory was deleted, or the daemon removed it).
                watches.end(event.watch)
                orphanEvents[event.watch] = nil
                continue
            }
            guard let directory = watches.directoryOf[event.watch] else {
                // The crawler added this watch but its listing has not reached the loop yet
                // (with no crawl running, it is a watch on its way out).
                if isCrawling { orphanEvents[event.watch, default: []].append(event) }
                continue
            }
            if event.kind.contains(.selfDeleted) || event.kind.contains(.selfMoved) {
                if directory.isRoot { rootVanished() }
                continue
            }
            if event.name.isEmpty { continue }
            let path = directory.appending(component: event.name)
            if event.kind.contains(.isDirectory) {
                if event.kind.contains(.created) || event.kind.contains(.movedTo) {
                    if !settings.ignore.isIgnored(path, isDirectory: true) {
                        startCrawl(.init(id: 0, directory: path, reason: .newDirectory))
                    }
                } else if event.kind.contains(.deleted) || event.kind.contains(.movedFrom) {
                    dropSubtree(path)
                }
                continue
            }
            dirty.insert(path)
        }
        scheduleFlush()
    }

    /// A directory left the tree: forget its files and stop watching it and below. Crawls
    /// under way hear of it, so what they found there before it left is checked on arrival.
    func dropSubtree(_ path: RelativePath) {
        let removed = tracker.removeSubtree(path)
        noteRemoved(removed)
        for watch in watches.forgetSubtree(path) { watcher.removeWatch(watch) }
        unwatchedDirectories = unwatchedDirectories.filter { $0 != path && !$0.isInside(path) }
        for id in crawlsRunning.keys { droppedDuringCrawl[id, default: []].append(path) }
        armDeadlineTimer()
    }

    // MARK: Dirty paths

    func scheduleFlush() {
        guard !dirty.isEmpty, !flushTimer.isActive else { return }
        flushTimer.start(afterMs: 0) { [unowned self] in self.flushDirty() }
    }

    private func flushDirty() {
        var changed: [RelativePath] = []
        var removed: [RelativePath] = []
        var budget = Daemon.statsPerTurn
        while budget > 0, let path = dirty.popFirst() {
            budget -= 1
            // Resolved beneath the root: a folder on the way swapped for a link is not followed.
            let status = rootDirectory.map { $0.status(beneath: path.bytes) } ?? .failure(.notFound)
            switch status {
            case .success(let status) where status.kind == .file:
                if settings.ignore.isIgnored(path, isDirectory: false) { continue }
                if tracker.observe(path, facts: FileFacts(status), initial: false) { changed.append(path) }
            case .success(let status) where status.kind == .directory:
                if watches.watchOf[path] == nil && !settings.ignore.isIgnored(path, isDirectory: true) {
                    startCrawl(.init(id: 0, directory: path, reason: .newDirectory))
                }
            default:
                if tracker.remove(path) { removed.append(path) }
            }
        }
        noteChanged(changed)
        noteRemoved(removed)
        armDeadlineTimer()
        scheduleFlush()
    }

    func absolutePath(_ path: RelativePath) -> [UInt8] {
        path.bytes.isEmpty ? settings.rootBytes : settings.rootBytes + [0x2F] + path.bytes
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
            let transitions = self.tracker.advance()
            self.noteChanged(transitions)
            self.armDeadlineTimer()
        }
    }
}
