import MenudCore
import MenudNative

extension TreeWatchService {
    /// The root went (removed, or moved away): every file is gone until it comes back, and
    /// what crawls still report was found beneath the old one.
    func rootVanished() {
        guard !rootMissing else { return }
        rootMissing = true
        log.warning("the root \(settings.root) was removed or moved away; its files are gone. Waiting for it to come back.")
        dropSubtree(.root)
        watchedRoot.forget()
        // Whatever the crawls still report was found beneath the old root.
        crawlsRunning.removeAll()
        droppedDuringCrawl.removeAll()
        rescanSeen.removeAll()
        initialCrawlFinished = true
        crawlsSettled()
        armRescanTimer()
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
