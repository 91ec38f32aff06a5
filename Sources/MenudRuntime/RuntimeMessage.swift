/// Work other threads hand back to the loop thread through the daemon's inbox.
enum RuntimeMessage: Sendable {
    /// A batch of crawled directories; `finished` on the job's last batch.
    case crawled(job: CrawlJob, directories: [CrawledDirectory], finished: Bool)
    /// Something finished off the loop (an action, a menu build); runs on the loop thread.
    case completion(LoopCompletion)
}
