/// How many actions may run and wait at once.
public struct ActionSchedulerLimits: Hashable, Sendable {
    /// Actions running at the same time, on all files together (`maxRunningActions`, default 4:
    /// actions mostly wait on disks and child processes, and the daemon should not flood either).
    public let maxRunning: Int
    /// Actions waiting for a file or a free slot (`maxQueuedActions`, default 64). One more is
    /// refused with `Busy`, so a client cannot pile up unbounded work.
    public let maxWaiting: Int
    /// Room for actions stopped at their time limit whose work has not ended yet (a thread stuck
    /// in a system call): running plus stopped actions never exceed `maxRunning + maxStopped`,
    /// so neither do the threads actions hold. Defaults to `maxRunning`.
    public let maxStopped: Int

    /// Limits; `maxRunning` and `maxStopped` must be positive, `maxWaiting` not negative.
    public init(maxRunning: Int = 4, maxWaiting: Int = 64, maxStopped: Int? = nil) {
        precondition(maxRunning > 0, "maxRunning must be positive")
        precondition(maxWaiting >= 0, "maxWaiting must not be negative")
        precondition((maxStopped ?? 1) > 0, "maxStopped must be positive")
        self.maxRunning = maxRunning
        self.maxWaiting = maxWaiting
        self.maxStopped = maxStopped ?? maxRunning
    }
}
