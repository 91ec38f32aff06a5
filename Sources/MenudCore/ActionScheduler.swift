import MenudProtocol

/// Decides when dismissed actions may run.
///
/// - Actions that touch a common file run one after another, in the order they were enqueued
///   (the order their dismissals arrived), never at once.
/// - Actions on different files run in parallel, up to ``ActionSchedulerLimits/maxRunning``.
/// - An action that claims the whole folder (`exclusive`: a directory-wide action, which finds
///   its files only as it runs) runs alone: it waits for every action before it, and every
///   action after it waits for it.
/// - A waiting action holds its place on each of its files: a later action on any of those files
///   waits behind it, even if it could start now. Actions that share no file with it may pass it.
///   Because every conflict is resolved in enqueue order, nothing waits forever.
/// - More than ``ActionSchedulerLimits/maxWaiting`` waiting actions: ``enqueue(_:paths:)`` throws
///   `busy(limit: "maxQueuedActions")`.
/// - A running job stopped at its time limit (``abandon(_:)``) frees its files and its running
///   slot at once, even though its thread may still be stuck. Until it really ends it still
///   holds a thread: a job starts only while running plus stopped jobs stay below
///   `maxRunning + maxStopped`, so stuck work cannot grow the number of busy threads for ever.
///
/// The scheduler only decides; the caller starts the jobs it is told to start, and reports each
/// end with ``finish(_:)``, which returns the jobs that may start now. `Path` is whatever names a
/// file exactly (the runtime uses the path's bytes, so two names that look alike never mix).
public struct ActionScheduler<Job: Hashable & Sendable, Path: Hashable & Sendable>: Sendable {
    /// The limits in force.
    public private(set) var limits: ActionSchedulerLimits
    private var running: [Job: Set<Path>] = [:]
    private var busyPaths: Set<Path> = []
    /// Running jobs that claim the whole folder.
    private var exclusiveRunning: Set<Job> = []
    private var waiting: [(job: Job, paths: Set<Path>, exclusive: Bool)] = []
    private var stopped: Set<Job> = []

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
    /// How many stopped jobs have not ended yet.
    public var stoppedCount: Int { stopped.count }
    /// Whether `job` was stopped and has not ended yet.
    public func isStopped(_ job: Job) -> Bool { stopped.contains(job) }

    /// Adds `job`, which touches the files at `paths` (root-relative; an empty list conflicts with
    /// nothing), or with `exclusive` the whole folder (it conflicts with every job). Returns
    /// `true` when the caller should start it now; otherwise it waits and a later
    /// ``finish(_:)`` or ``withdraw(_:)`` returns it.
    // The daemon's scheduler is specialized here: a generic call from another module costs
    // more than the scheduling (the runtime looks up the types' witnesses at each step).
    @_specialize(exported: true, where Job == MenuID, Path == RelativePath, Paths == [RelativePath])
    public mutating func enqueue<Paths: Sequence<Path>>(_ job: Job, paths: Paths, exclusive: Bool = false) throws(ActionSchedulerError) -> Bool {
        guard running[job] == nil, !isWaiting(job), !stopped.contains(job) else { throw .duplicateJob(String(describing: job)) }
        let paths = Set(paths)
        let blockedByRunning = !exclusiveRunning.isEmpty || (exclusive ? !running.isEmpty : !busyPaths.isDisjoint(with: paths))
        let blocked = !hasFreeSlot || blockedByRunning
            || waiting.contains { $0.exclusive || exclusive || !$0.paths.isDisjoint(with: paths) }
        if !blocked {
            start(job, paths: paths, exclusive: exclusive)
            return true
        }
        guard waiting.count < limits.maxWaiting else {
            throw .busy(limit: "maxQueuedActions", value: limits.maxWaiting)
        }
        waiting.append((job, paths, exclusive))
        return false
    }

    /// Records that running (or stopped) `job` ended, whatever its outcome, and returns the
    /// waiting jobs that may start now, in enqueue order. The caller starts all of them.
    @_specialize(exported: true, where Job == MenuID, Path == RelativePath)
    public mutating func finish(_ job: Job) throws(ActionSchedulerError) -> [Job] {
        if stopped.remove(job) != nil { return startWaiting() }
        guard let paths = running.removeValue(forKey: job) else { throw .unknownJob(String(describing: job)) }
        busyPaths.subtract(paths)
        exclusiveRunning.remove(job)
        return startWaiting()
    }

    /// Records that running `job` was stopped (its time limit passed) although its work may not
    /// have ended: its files and its slot are free now, and the waiting jobs that may start are
    /// returned. It counts as stopped until ``finish(_:)`` reports its real end.
    @_specialize(exported: true, where Job == MenuID, Path == RelativePath)
    public mutating func abandon(_ job: Job) throws(ActionSchedulerError) -> [Job] {
        guard let paths = running.removeValue(forKey: job) else { throw .unknownJob(String(describing: job)) }
        busyPaths.subtract(paths)
        exclusiveRunning.remove(job)
        stopped.insert(job)
        return startWaiting()
    }

    /// Removes a waiting `job` that will not run after all (its connection closed, the daemon is
    /// stopping) and returns the waiting jobs that may start now that it no longer holds its place.
    @_specialize(exported: true, where Job == MenuID, Path == RelativePath)
    public mutating func withdraw(_ job: Job) throws(ActionSchedulerError) -> [Job] {
        guard let index = waiting.firstIndex(where: { $0.job == job }) else {
            throw .unknownJob(String(describing: job))
        }
        waiting.remove(at: index)
        return startWaiting()
    }

    /// Runs at most `count` jobs at once from now on (and keeps as much room for stopped ones),
    /// and returns the waiting jobs that may start now. Lowered, the jobs already running go on;
    /// the next start waits until fewer than `count` run.
    public mutating func setMaxRunning(_ count: Int) -> [Job] {
        limits = ActionSchedulerLimits(maxRunning: count, maxWaiting: limits.maxWaiting, maxStopped: count)
        return startWaiting()
    }

    /// A job may start: a running slot is free, and the threads held by running and stopped
    /// jobs leave room for one more.
    private var hasFreeSlot: Bool {
        running.count < limits.maxRunning && running.count + stopped.count < limits.maxRunning + limits.maxStopped
    }

    private mutating func start(_ job: Job, paths: Set<Path>, exclusive: Bool) {
        running[job] = paths
        busyPaths.formUnion(paths)
        if exclusive { exclusiveRunning.insert(job) }
    }

    /// Starts, in order, each waiting job whose files are free of running jobs and of earlier
    /// waiting jobs, while slots remain.
    private mutating func startWaiting() -> [Job] {
        var started: [Job] = []
        var claimed = busyPaths
        // Whether an earlier job claims the whole folder, and whether any earlier job runs or waits.
        var claimedAll = !exclusiveRunning.isEmpty
        var anyEarlier = !running.isEmpty
        var index = 0
        while index < waiting.count, hasFreeSlot {
            let candidate = waiting[index]
            let free = !claimedAll && (candidate.exclusive ? !anyEarlier : claimed.isDisjoint(with: candidate.paths))
            if free {
                waiting.remove(at: index)
                start(candidate.job, paths: candidate.paths, exclusive: candidate.exclusive)
                started.append(candidate.job)
            } else {
                index += 1
            }
            claimed.formUnion(candidate.paths)
            claimedAll = claimedAll || candidate.exclusive
            anyEarlier = true
        }
        return started
    }
}
