/// A batch of crawled directories, from a crawler thread to the tree watch on the loop.
struct CrawlReport: Sendable {
    let job: CrawlJob
    let directories: [CrawledDirectory]
    /// Set on the job's last batch.
    let finished: Bool
    /// A later piece of the batch the report before it began (`slices(maxFiles:)`).
    var continuesBatch = false

    init(job: CrawlJob, directories: [CrawledDirectory], finished: Bool, continuesBatch: Bool = false) {
        self.job = job
        self.directories = directories
        self.finished = finished
        self.continuesBatch = continuesBatch
    }
}
