import MenudNative

/// Threads that ran an action's task and wait, parked, to run the next one. Starting a thread
/// costs about ten system calls (`clone3`, the signal mask around it, the robust list, `rseq`,
/// its name, the stack's guard) and a new stack's first page faults: more than the rest of a
/// quick action such as Inspect.
///
/// At most `maxIdle` threads wait; one that finishes when as many are parked ends, as every
/// action thread did before. A parked thread waits without a timeout, so it never wakes an idle
/// daemon, and holds only its stack. A thread blocked in an action is not parked: the limits on
/// running actions (`ActionSchedulerLimits`) still bound the threads.
final class ActionWorkerPool: @unchecked Sendable {
    static let shared = ActionWorkerPool(maxIdle: 2)

    private let maxIdle: Int
    private let condition = NativeCondition()
    // Guarded by `condition`.
    /// Threads parked or about to park.
    private var idle = 0
    /// Work handed to parked threads and not taken yet (never more than `idle`).
    private var handed: [@Sendable () -> Void] = []

    init(maxIdle: Int) {
        self.maxIdle = maxIdle
    }

    /// Runs `body` on a parked thread, or on a new one named `name` when none is free.
    func run(name: String, _ body: @escaping @Sendable () -> Void) {
        condition.lock()
        if idle > handed.count {
            handed.append(body)
            condition.unlock()
            // Signalled after the unlock: a thread woken while the lock is still held wakes only
            // to wait for the lock (two more futex calls and a switch for every action).
            condition.signal()
            return
        }
        condition.unlock()
        NativeThread.start(name: name) { [self] in serve(body) }
    }

    private func serve(_ first: @escaping @Sendable () -> Void) {
        var next: (@Sendable () -> Void)? = first
        while let body = next {
            // Released before parking, so nothing of the last action is kept by a parked thread.
            next = nil
            body()
            next = park()
        }
    }

    /// The next work for this thread, or nil when enough threads are parked already.
    private func park() -> (@Sendable () -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        guard idle < maxIdle else { return nil }
        idle += 1
        while handed.isEmpty { condition.wait() }
        idle -= 1
        return handed.removeFirst()
    }
}
