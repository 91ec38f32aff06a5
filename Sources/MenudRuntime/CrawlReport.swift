/// A batch of crawled directories, from the crawler's thread to the tree watch on the loop.
struct CrawlReport: Sendable {
    let job: CrawlJob
    let directories: [CrawledDirectory]
    /// Set on the job's last batch.
    let finished: Bool
}
