/// How many actions may run and wait at once.
public struct ActionSchedulerLimits: Hashable, Sendable {
    /// Actions running at the same time, on all files together (`maxRunningActions`, default 4:
    /// actions mostly wait on disks and child processes, and the daemon should not flood either).
    public let maxRunning: Int
    /// Actions waiting for a file or a free slot (`maxQueuedActions`, default 64). One more is
    /// refused with `Busy`, so a client cannot pile up unbounded work.
    public let maxWaiting: Int

    /// Limits; `maxRunning` must be positive, `maxWaiting` not negative.
    public init(maxRunning: Int = 4, maxWaiting: Int = 64) {
        precondition(maxRunning > 0, "maxRunning must be positive")
        precondition(maxWaiting >= 0, "maxWaiting must not be negative")
        self.maxRunning = maxRunning
        self.maxWaiting = maxWaiting
    }
}
