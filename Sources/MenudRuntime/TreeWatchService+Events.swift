import MenudCore
import MenudLoop
import MenudNative
import MenudProtocol

extension TreeWatchService {
    // MARK: Events

    func handle(_ events: [FileSystemEvent]) {
        guard !isStopping else { return }
        for event in events {
            if event.kind.contains(.overflow) {
                log.once("overflow", .warning, "the kernel dropped file events (inotify queue overflow); rescanning the tree. Raise fs.inotify.max_queued_events if this repeats.")
                watchedRoot.release()  // a lost removal may have emptied the root
                startCrawl(.init(id: 0, directory: .root, reason: .rescan))
                continue
            }
            if event.kind.contains(.watchRemoved) {
                // The kernel ended the watch (its directory was deleted, or the daemon removed it).
                if watches.end(event.watch)?.isRoot == true { watchedRoot.watched(false) }
                budget.release(event.watch)
                orphanEvents[event.watch] = nil
                continue
            }
            guard let directory = watches.directoryOf[event.watch] else {
                // The crawler added this watch but its listing has not reached the loop yet
                // (with no crawl running, it is a watch on its way out).
                if anyCrawlRunning { orphanEvents[event.watch, default: []].append(event) }
                continue
            }
            if event.kind.contains(.selfDeleted) || event.kind.contains(.selfMoved) {
                if directory.isRoot { rootVanished() }
                continue
            }
            if event.name.isEmpty { continue }
            // Something left the root: it may be empty now, and removed next (WatchedRoot).
            if directory.isRoot, !event.kind.isDisjoint(with: [.deleted, .movedFrom]) { watchedRoot.release() }
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
        // The first files now, the rest a slice per turn (a directory may hold a million).
        let removed = tracker.removeSubtree(path, maxFiles: TreeWatchService.removalsPerStep)
        noteRemoved(removed)
        if removed.count >= TreeWatchService.removalsPerStep {
            removals.append(path)
            scheduleSlices()
        }
        for watch in watches.forgetSubtree(path) { watcher.removeWatch(watch) }
        for directory in polledPaths.removeSubtree(path) { polled[directory] = nil }
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
        var budget = TreeWatchService.statsPerTurn
        while budget > 0, let path = dirty.popFirst() {
            budget -= 1
            // Resolved beneath the root: a folder on the way swapped for a link is not followed.
            let status = rootDirectory.map { $0.status(beneath: path.bytes) } ?? .failure(.notFound)
            switch status {
            case .success(let status) where status.kind == .file:
                if settings.ignore.isIgnored(path, isDirectory: false) { continue }
                finishRemovals(touching: path)
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
}
