/// How much work one loop turn may still do: at most `maxMs` milliseconds by `clock` and at
/// most `maxSteps` steps, whichever ends first. Work that grows with the tree (applying crawl
/// batches, sweeping a rescanned subtree, expiry transitions) runs in such slices and then
/// yields, so other clients are answered between slices.
///
/// The step bound keeps a slice short even when the clock is coarse or stands still (a test's
/// `ManualClock`); the time bound keeps it short when steps are slower than expected.
public struct TurnBudget {
    private let clock: any Clock
    private let deadlineMs: Int64
    private var stepsLeft: Int

    public init(clock: any Clock, maxMs: Int64, maxSteps: Int) {
        self.clock = clock
        deadlineMs = clock.nowMs() + max(0, maxMs)
        stepsLeft = max(0, maxSteps)
    }

    /// Takes one step if the turn has room for it; false once the turn is spent (the caller
    /// then yields and goes on in a later turn). The first step of a turn is always allowed
    /// (when `maxSteps` > 0), so every slice makes progress.
    public mutating func take() -> Bool {
        guard stepsLeft > 0 else { return false }
        if clock.nowMs() >= deadlineMs && taken > 0 { return false }
        stepsLeft -= 1
        taken += 1
        return true
    }

    /// Steps taken so far in this turn.
    public private(set) var taken = 0
}
