/// Decides which refusals reach the log: the first one, then at most one per interval, each
/// logged line saying how many were left out since the previous one. A client that keeps
/// knocking (a page on a foreign site polling, a scanner) costs one line a minute, not a flood.
public struct RefusalLogLimiter: Sendable {
    /// The shortest time between two logged refusals.
    public let intervalMs: Int64
    private let clock: any Clock
    private var lastLoggedMs: Int64?
    private var leftOut = 0

    public init(clock: any Clock, intervalMs: Int64 = 60_000) {
        self.clock = clock
        self.intervalMs = intervalMs
    }

    /// Notes one refusal. Returns nil when it should not be logged, otherwise how many refusals
    /// were left out of the log since the last logged one (0 for the first).
    public mutating func note() -> Int? {
        let now = clock.nowMs()
        if let last = lastLoggedMs, now - last < intervalMs, now >= last {
            leftOut += 1
            return nil
        }
        lastLoggedMs = now
        defer { leftOut = 0 }
        return leftOut
    }
}
