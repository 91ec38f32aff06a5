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

    // MARK: Polls of directories without a watch

    func armRescanTimer() {
        guard !rescanTimer.isActive, pollJob == nil, !polled.isEmpty || rootMissing else { return }
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
        } else if pollJob == nil, !polled.isEmpty {
            // One round lists every polled directory once (a job of the crawler's, off the
            // loop); the next starts an interval after it ends, so rounds never pile up.
            budget.askKernelAgain()
            var job = CrawlJob(id: 0, directory: .root, reason: .poll)
            job.polled = Array(polled.keys)
            startCrawl(job)
        }
        armRescanTimer()
    }
}
