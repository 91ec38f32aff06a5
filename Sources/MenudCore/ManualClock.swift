import Synchronization

/// A clock that only moves when told to: for tests and simulations.
///
/// Thread-safe: the time lives in a `Mutex`, so one thread may advance it while another reads it.
public final class ManualClock: Clock {
    private let current: Mutex<Int64>

    public init(nowMs: Int64 = 1_700_000_000_000) {
        current = Mutex(nowMs)
    }

    public func nowMs() -> Int64 {
        current.withLock { $0 }
    }

    /// Sets the time to `ms` (it may move backwards; callers that need monotonic time don't do that).
    public func set(nowMs ms: Int64) {
        current.withLock { $0 = ms }
    }

    /// Moves the time forward by `ms` milliseconds and returns the new time.
    @discardableResult
    public func advance(by ms: Int64) -> Int64 {
        current.withLock { now in
            now += ms
            return now
        }
    }
}
