import CLinux
import Glibc

/// A counting semaphore (what the daemon used `DispatchSemaphore` for, without importing
/// Dispatch into the runtime; Dispatch's module brings the string-processing runtime with it).
///
/// glibc's `sem_t`: a signal is one atomic add, plus one `futex` wake only when a thread
/// sleeps in `wait`, and the woken thread returns without taking any lock. A mutex and a
/// condition variable cost one more `futex` call per wake-up: glibc marks the mutex contended
/// when a waiter takes it back, so the waiter's unlock always calls the kernel.
public final class NativeSemaphore: @unchecked Sendable {
    private let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    public init(value: Int = 0) {
        precondition(value >= 0 && value <= Int(Int32.max), "a semaphore starts at 0 to \(Int32.max), not \(value)")
        sem_init(semaphore, 0, UInt32(value))
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    public func signal() {
        sem_post(semaphore)
    }

    public func wait() {
        while sem_wait(semaphore) != 0 && errno == EINTR {}
    }

    /// Waits at most `timeoutMs`; false when no signal came in that time.
    public func wait(timeoutMs: Int64) -> Bool {
        let deadlineMs = MonotonicTime.nowMs() + max(0, timeoutMs)
        var deadline = timespec(tv_sec: Int(deadlineMs / 1000), tv_nsec: Int(deadlineMs % 1000) * 1_000_000)
        while true {
            if menud_sem_wait_monotonic(semaphore, &deadline) == 0 { return true }
            if errno != EINTR { return false }  // ETIMEDOUT
        }
    }
}
