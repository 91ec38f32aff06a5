import Glibc

/// A mutex with one condition variable (Foundation's `NSCondition`, without Foundation).
public final class NativeCondition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        // Timed waits count on the monotonic clock, so a change of the wall clock does not cut
        // them short or stretch them.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }
    /// Waits for a signal, the mutex released meanwhile; callers check their condition in a loop.
    public func wait() { pthread_cond_wait(condition, mutex) }
    /// Waits for a signal until the monotonic clock reads `deadlineMs` (`MonotonicTime`); false
    /// once the deadline passed.
    public func wait(untilMonotonicMs deadlineMs: Int64) -> Bool {
        var deadline = timespec(tv_sec: Int(deadlineMs / 1000), tv_nsec: Int(deadlineMs % 1000) * 1_000_000)
        return pthread_cond_timedwait(condition, mutex, &deadline) != ETIMEDOUT
    }

    public func signal() { pthread_cond_signal(condition) }
    public func broadcast() { pthread_cond_broadcast(condition) }
}
