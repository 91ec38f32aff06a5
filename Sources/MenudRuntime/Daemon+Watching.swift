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

    func startCrawl(_ job: CrawlJob) {
        let job = CrawlJob(id: nextCrawlId, directory: job.directory, reason: job.reason)
        nextCrawlId += 1
        crawlsRunning[job.id] = job
        if job.reason == .rescan { rescanSeen[job.id] = [] }
        crawler.enqueue(job)
    }

    var isCrawling: Bool { !crawlsRunning.isEmpty }

    private func applyCrawl(_ job: CrawlJob, _ directories: [CrawledDirectory], finished: Bool) {
        guard !isStopping else { return }
        var changed: [RelativePath] = []
        for directory in directories {
            if let watch = directory.watch {
                if let old = directoryToWatch[directory.path], old != watch { watchToDirectory[old] = nil }
                watchToDirectory[watch] = directory.path
                directoryToWatch[directory.path] = watch
                unwatchedDirectories.remove(directory.path)
                if let early = orphanEvents.removeValue(forKey: watch) { handle(early) }
            } else if let error = directory.watchError, directoryToWatch[directory.path] == nil {
                unwatchedDirectories.insert(directory.path)
                if error.isNoSpace {
                    log.once("watch-limit", .warning, "the inotify watch limit is reached (fs.inotify.max_user_watches); \(directory.path.displayString.isEmpty ? "the root" : directory.path.displayString) and other directories are rescanned every \(DurationText.format(settings.rescanIntervalMs)) instead. Raise the limit with: sysctl fs.inotify.max_user_watches=524288")
                } else {
                    log.once("watch-\(directory.path.displayString)", .warning, "cannot watch \(directory.path.displayString): \(error.message); rescanning it every \(DurationText.format(settings.rescanIntervalMs))")
                }
                armRescanTimer()
            }
            if let error = directory.listError {
                log.once("list-\(directory.path.displayString)", .warning, "cannot read directory \(directory.path.displayString.isEmpty ? settings.root : directory.path.displayString): \(error.message)")
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
            if job.reason == .rescan, let seen = rescanSeen.removeValue(forKey: job.id) {
                // Whatever is known under the rescanned directory but was not seen may be gone;
                // lstat decides (a file created during the rescan is still there).
                for path in tracker.allPaths() where path.isInside(job.directory) && !seen.contains(path) {
                    dirty.insert(path)
                }
                scheduleFlush()
            }
            if job.reason == .initial && job.directory.isRoot {
                initialCrawlFinished = true
                let counts = tracker.counts
                log.info("initial crawl done: \(counts.total) file\(counts.total == 1 ? "" : "s") (\(counts.ready) ready, \(counts.pending) pending, \(counts.expired) expired) in \(directoryToWatch.count) directories, \(clock.nowMs() - initialCrawlStartedMs) ms")
                // Files that changed while the crawl ran get their notifications now.
                noteChanged(changed)
                reportStatus()
                // The crawl's batches are gone; give their memory back to the system.
                MemoryUse.returnFreeMemory()
            }
        }
        armDeadlineTimer()
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
            guard let directory = watchToDirectory[event.watch] else {
                // The crawler added this watch but its listing has not reached the loop yet.
                if !event.kind.contains(.watchRemoved) { orphanEvents[event.watch, default: []].append(event) }
                continue
            }
            if event.kind.contains(.watchRemoved) {
                watchToDirectory[event.watch] = nil
                if directoryToWatch[directory] == event.watch { directoryToWatch[directory] = nil }
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

    /// A directory left the tree: forget its files and stop watching it and below.
    func dropSubtree(_ path: RelativePath) {
        let removed = tracker.removeSubtree(path)
        noteRemoved(removed)
        for (directory, watch) in directoryToWatch where directory.isInside(path) {
            watcher.removeWatch(watch)
            directoryToWatch[directory] = nil
            watchToDirectory[watch] = nil
        }
        unwatchedDirectories = unwatchedDirectories.filter { !$0.isInside(path) }
        armDeadlineTimer()
    }

    private func rootVanished() {
        guard !rootMissing else { return }
        rootMissing = true
        watchedRoot.forget()
        log.warning("the root \(settings.root) was removed or moved away; its files are gone. Waiting for it to come back.")
        dropSubtree(.root)
        watchToDirectory.removeAll()
        directoryToWatch.removeAll()
        armRescanTimer()
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
            switch FileStatus.lstat(absolutePath(path)) {
            case .success(let status) where status.kind == .file:
                if settings.ignore.isIgnored(path, isDirectory: false) { continue }
                if tracker.observe(path, facts: FileFacts(status), initial: false) { changed.append(path) }
            case .success(let status) where status.kind == .directory:
                if directoryToWatch[path] == nil && !settings.ignore.isIgnored(path, isDirectory: true) {
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

    // MARK: Rescans for directories without a watch

    func armRescanTimer() {
        guard !rescanTimer.isActive, !unwatchedDirectories.isEmpty || rootMissing else { return }
        rescanTimer.start(afterMs: UInt64(settings.rescanIntervalMs)) { [unowned self] in self.rescanUnwatched() }
    }

    private func rescanUnwatched() {
        if rootMissing {
            if case .success(let status) = FileStatus.follow(settings.rootBytes), status.kind == .directory,
               watchedRoot.adopt() {
                rootMissing = false
                log.info("the root \(settings.root) is back; crawling it")
                startCrawl(.init(id: 0, directory: .root, reason: .newDirectory))
            }
        } else {
            for directory in unwatchedDirectories where !crawlsRunning.values.contains(where: { $0.directory == directory }) {
                startCrawl(.init(id: 0, directory: directory, reason: .rescan))
            }
        }
        armRescanTimer()
    }
}
