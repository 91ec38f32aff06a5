/// How the open-file limit is shared: what the daemon holds for itself once started, a reserve
/// for what it opens later (an action's files and its child's pipes, the crawler's directories,
/// the server's spare, the log), and the rest for clients, one descriptor each.
struct DescriptorBudget: Equatable {
    /// The soft `RLIMIT_NOFILE` in force.
    let limit: Int
    /// Descriptors open once the daemon was ready to accept (loop, watcher, socket, root).
    let openAtStart: Int

    /// Descriptors kept free for everything but clients. An action opens its file, a folder or
    /// two and a temporary file, or spawns a program (three pipes, both ends while spawning);
    /// eight each covers either. The crawler holds two while it lists a directory; a few more
    /// go to libraries that open files of their own (the MIME database) and to the server's spare,
    /// and some to the concurrency runtime, started by the first action.
    static func reserve(maxRunningActions: Int) -> Int {
        16 + ConcurrencyRuntime.descriptors + perAction * maxRunningActions
    }

    /// Descriptors kept for each running action.
    static let perAction = 8

    /// The most actions whose reserve the limit holds: half of what the daemon's own
    /// descriptors and the fixed part of the reserve leave, so clients keep the other half, and
    /// at least one (a daemon with a tiny limit still runs something).
    var actionCeiling: Int {
        max(1, (limit - openAtStart - DescriptorBudget.reserve(maxRunningActions: 0)) / 2 / DescriptorBudget.perAction)
    }

    /// `maxRunningActions` as it applies: the configured value, or fewer when the limit cannot
    /// hold that many actions' descriptors.
    func runningActions(configured: Int) -> Int {
        max(1, min(configured, actionCeiling))
    }

    /// The most clients the limit leaves room for (at least one, so a daemon with a tiny limit
    /// still answers someone).
    func connectionCeiling(maxRunningActions: Int) -> Int {
        max(1, limit - openAtStart - DescriptorBudget.reserve(maxRunningActions: maxRunningActions))
    }
}
