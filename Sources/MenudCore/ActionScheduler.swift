/// Decides when dismissed actions may run.
///
/// - Actions that touch a common file run one after another, in the order they were enqueued
///   (the order their dismissals arrived), never at once.
/// - Actions on different files run in parallel, up to ``ActionSchedulerLimits/maxRunning``.
/// - A waiting action holds its place on each of its files: a later action on any of those files
///   waits behind it, even if it could start now. Actions that share no file with it may pass it.
///   Because every conflict is resolved in enqueue order, nothing waits forever.
/// - More than ``ActionSchedulerLimits/maxWaiting`` waiting actions: ``enqueue(_:paths:)`` throws
///   `busy(limit: "maxQueuedActions")`.
///
/// The scheduler only decides; the caller starts the jobs it is told to start, and reports each
/// end with ``finish(_:)``, which returns the jobs that may start now.
public struct ActionScheduler<Job: Hashable & Sendable>: Sendable {
    /// The limits in force.
    public let limits: ActionSchedulerLimits
    private var running: [Job: Set<String>] = [:]
    private var busyPaths: Set<String> = []
    private var waiting: [(job: Job, paths: Set<String>)] = []

    /// An idle scheduler.
    public init(limits: ActionSchedulerLimits = ActionSchedulerLimits()) {
        self.limits = limits
    }

    /// How many jobs are running.
    public var runningCount: Int { running.count }
    /// How many jobs are waiting.
    public var waitingCount: Int { waiting.count }
    /// Whether `job` is running.
    public func isRunning(_ job: Job) -> Bool { running[job] != nil }
    /// Whether `job` is waiting.
    public func isWaiting(_ job: Job) -> Bool { waiting.contains { $0.job == job } }

    /// Adds `job`, which touches the files at `paths` (root-relative; an empty list conflicts with
    /// nothing). Returns `true` when the caller should start it now; otherwise it waits and a later
    /// ``finish(_:)`` or ``withdraw(_:)`` returns it.
    public mutating func enqueue(_ job: Job, paths: some Sequence<String>) throws(ActionSchedulerError) -> Bool {
        guard running[job] == nil, !isWaiting(job) else { throw .duplicateJob(String(describing: job)) }
        let paths = Set(paths)
        let blocked = running.count >= limits.maxRunning || !busyPaths.isDisjoint(with: paths)
            || waiting.contains { !$0.paths.isDisjoint(with: paths) }
        if !blocked {
            start(job, paths: paths)
            return true
        }
        guard waiting.count < limits.maxWaiting else {
            throw .busy(limit: "maxQueuedActions", value: limits.maxWaiting)
        }
        waiting.append((job, paths))
        return false
    }

    /// Records that running `job` ended (whatever its outcome) and returns the waiting jobs that
    /// may start now, in enqueue order. The caller starts all of them.
    public mutating func finish(_ job: Job) throws(ActionSchedulerError) -> [Job] {
        guard let paths = running.removeValue(forKey: job) else { throw .unknownJob(String(describing: job)) }
        busyPaths.subtract(paths)
        return startWaiting()
    }

    /// Removes a waiting `job` that will not run after all (its connection closed, the daemon is
    /// stopping) and returns the waiting jobs that may start now that it no longer holds its place.
    public mutating func withdraw(_ job: Job) throws(ActionSchedulerError) -> [Job] {
        guard let index = waiting.firstIndex(where: { $0.job == job }) else {
            throw .unknownJob(String(describing: job))
        }
        waiting.remove(at: index)
        return startWaiting()
    }

    private mutating func start(_ job: Job, paths: Set<String>) {
        running[job] = paths
        busyPaths.formUnion(paths)
    }

    /// Starts, in order, each waiting job whose files are free of running jobs and of earlier
    /// waiting jobs, while slots remain.
    private mutating func startWaiting() -> [Job] {
        var started: [Job] = []
        var claimed = busyPaths
        var index = 0
        while index < waiting.count, running.count < limits.maxRunning {
            let candidate = waiting[index]
            if claimed.isDisjoint(with: candidate.paths) {
                waiting.remove(at: index)
                start(candidate.job, paths: candidate.paths)
                started.append(candidate.job)
            } else {
                index += 1
            }
            claimed.formUnion(candidate.paths)
        }
        return started
    }
}
