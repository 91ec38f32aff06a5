/// Cutting a crawl batch into slices of a few files, so that applying one is a short step.
extension CrawlReport {
    /// The report as reports of at most `maxFiles` files each, in order, the same directories
    /// and files; only the last one is `finished` (when this one is). A directory cut in two
    /// keeps its watch, its errors and its subdirectories in its first piece; the later pieces
    /// carry its path, its identity and more of its files only, so taking them in changes
    /// nothing else. A poll round's batch stays whole: a polled directory is compared with
    /// the tracker as a whole listing. Every piece but the first `continuesBatch`.
    func slices(maxFiles: Int) -> [CrawlReport] {
        precondition(maxFiles > 0, "a slice holds at least one file")
        let files = directories.reduce(0) { $0 + $1.files.count }
        guard files > maxFiles, job.reason != .poll else { return [self] }
        var reports: [CrawlReport] = []
        var batch: [CrawledDirectory] = []
        var room = maxFiles
        func flush() {
            reports.append(CrawlReport(job: job, directories: batch, finished: false, continuesBatch: !reports.isEmpty || continuesBatch))
            batch = []
            room = maxFiles
        }
        for directory in directories {
            var start = 0
            repeat {
                if room == 0 { flush() }
                let end = min(directory.files.count, start + room)
                batch.append(start == 0 ? directory.withFiles(directory.files.piece(0..<end))
                                        : directory.continued(with: directory.files.piece(start..<end)))
                room -= end - start
                start = end
            } while start < directory.files.count
        }
        if !batch.isEmpty { flush() }
        let last = reports.removeLast()
        reports.append(CrawlReport(job: job, directories: last.directories, finished: finished, continuesBatch: last.continuesBatch))
        return reports
    }
}
