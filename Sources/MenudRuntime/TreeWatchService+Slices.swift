import MenudProtocol
import MenudCore

extension TreeWatchService {
    /// Paths of a rescanned subtree compared per slice step.
    static let sweepPathsPerStep = 2048
    /// Files re-reckoned with reloaded settings per slice step.
    static let reckoningsPerStep = 1024

    /// Crawl batches arrived from the crawler: they are applied a few per loop turn.
    func enqueue(_ reports: [CrawlReport]) {
        pendingReports.append(contentsOf: reports)
        runSlices()
    }

    /// Work for the slices came up while other work runs (an event, a crawl batch): it goes on
    /// in a turn of its own, never inside what is running now.
    func scheduleSlices() {
        guard !sliceTimer.isActive else { return }
        sliceTimer.start(afterMs: 0) { [unowned self] in self.runSlices() }
    }

    /// Forgets the files of removed directories, re-reckons files with reloaded settings,
    /// applies crawl batches, then rescan sweeps, for at most `sliceMs` (or `stepsPerSlice`
    /// steps), then yields to the loop and goes on in the next turn: a crawl of a million files,
    /// a rescan after an overflow, a poll round, a reload or a large directory removed never
    /// holds up other clients for longer than a slice.
    /// Every answer in between sees the tracker as of its clock.
    func runSlices() {
        guard !isStopping else {
            pendingReports.removeAll()
            reportSlices.removeAll()
            sweeps.removeAll()
            removals.removeAll()
            return
        }
        var turn = TurnBudget(clock: clock, maxMs: TreeWatchService.sliceMs, maxSteps: TreeWatchService.stepsPerSlice)
        while turn.take() {
            if let path = removals.first {
                let removed = tracker.removeSubtree(path, maxFiles: TreeWatchService.removalsPerStep)
                noteRemoved(removed)
                if removed.count < TreeWatchService.removalsPerStep { removals.removeFirst() }
            } else if tracker.isReckoningSettings {
                noteChanged(tracker.reckonSettings(maxFiles: TreeWatchService.reckoningsPerStep))
                armDeadlineTimer()
            } else if let report = nextReportSlice() {
                apply(report)
            } else if !sweeps.isEmpty {
                sweepStep()
            } else {
                break
            }
        }
        if pendingReportsStart == pendingReports.count {
            pendingReports.removeAll(keepingCapacity: pendingReports.count < 64)
            pendingReportsStart = 0
        } else if pendingReportsStart >= 256 {
            pendingReports.removeFirst(pendingReportsStart)
            pendingReportsStart = 0
        }
        if reportSlicesStart == reportSlices.count && !reportSlices.isEmpty {
            reportSlices.removeAll()
            reportSlicesStart = 0
        }
        let reportsLeft = pendingReportsStart < pendingReports.count || reportSlicesStart < reportSlices.count
        if reportsLeft || !sweeps.isEmpty || !removals.isEmpty || tracker.isReckoningSettings { scheduleSlices() }
    }

    /// The next piece of crawl report to apply: the next slice of the report under way, or the
    /// first of the next report, cut in slices of ``filesPerStep`` files when it is larger.
    private func nextReportSlice() -> CrawlReport? {
        if reportSlicesStart < reportSlices.count {
            reportSlicesStart += 1
            return reportSlices[reportSlicesStart - 1]
        }
        guard pendingReportsStart < pendingReports.count else { return nil }
        let report = pendingReports[pendingReportsStart]
        pendingReportsStart += 1
        crawler?.batchTaken()
        reportSlices = report.slices(maxFiles: TreeWatchService.filesPerStep)
        reportSlicesStart = 1
        return reportSlices[0]
    }

    /// Forgets at once what is left of the removals at, above or below `path`: files are about
    /// to be tracked there again (a crawl, a listing, a file looked at), which a later slice of
    /// the removal must not take away.
    func finishRemovals(touching path: RelativePath) {
        guard !removals.isEmpty else { return }
        var index = 0
        while index < removals.count {
            let pending = removals[index]
            if path == pending || path.isInside(pending) || pending.isInside(path) {
                noteRemoved(tracker.removeSubtree(pending))
                removals.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    /// Compares the next paths of the first sweep with what its rescan saw.
    private func sweepStep() {
        var sweep = sweeps[0]
        let paths = tracker.paths(under: sweep.directory, after: sweep.after, maxCount: TreeWatchService.sweepPathsPerStep)
        for path in paths where !sweep.seen.contains(path) { dirty.insert(path) }
        sweep.after = paths.last
        if paths.count < TreeWatchService.sweepPathsPerStep {
            sweeps.removeFirst()
        } else {
            sweeps[0] = sweep
        }
        scheduleFlush()
    }
}
