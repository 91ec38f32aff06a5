/// A counting semaphore (what the daemon used `DispatchSemaphore` for, without importing
/// Dispatch into the runtime; Dispatch's module brings the string-processing runtime with it).
public final class NativeSemaphore: @unchecked Sendable {
    private let condition = NativeCondition()
    // Guarded by `condition`.
    private var count: Int

    public init(value: Int = 0) {
        count = value
    }

    public func signal() {
        condition.lock()
        count += 1
        condition.unlock()
        // After the unlock, so that the woken waiter finds the lock free (signalled under it,
        // the waiter wakes only to wait for the lock).
        condition.signal()
    }

    public func wait() {
        condition.lock()
        while count == 0 { condition.wait() }
        count -= 1
        condition.unlock()
    }

    /// Waits at most `timeoutMs`; false when no signal came in that time.
    public func wait(timeoutMs: Int64) -> Bool {
        let deadline = MonotonicTime.nowMs() + timeoutMs
        condition.lock()
        defer { condition.unlock() }
        while count == 0 {
            if !condition.wait(untilMonotonicMs: deadline) && count == 0 { return false }
        }
        count -= 1
        return true
    }
}
