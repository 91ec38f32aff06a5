import MenudNative
import Synchronization

/// Threads that ran an action's task and wait, parked, to run the next one. Starting a thread
/// costs about ten system calls (`clone3`, the signal mask around it, the robust list, `rseq`,
/// its name, the stack's guard) and a new stack's first page faults: more than the rest of a
/// quick action such as Inspect.
///
/// At most `maxIdle` threads wait; one that finishes when as many are parked ends, as every
/// action thread did before. A parked thread waits without a timeout, so it never wakes an idle
/// daemon, and holds only its stack. A thread blocked in an action is not parked: the limits on
/// running actions (`ActionSchedulerLimits`) still bound the threads.
final class ActionWorkerPool: Sendable {
    static let shared = ActionWorkerPool(maxIdle: 2)

    /// A parked thread: it sleeps on `wake` until it is handed `work`.
    private final class Parking: @unchecked Sendable {
        let wake = NativeSemaphore()
        // Written by the thread that hands it, before `wake.signal()`; read by the parked thread
        // after `wake.wait()` (the semaphore orders the two).
        var work: (@Sendable () -> Void)?
    }

    private let maxIdle: Int
    /// The parked threads, the last parked first (its stack is the likeliest still in cache).
    private let parked = Mutex<[Parking]>([])

    init(maxIdle: Int) {
        self.maxIdle = maxIdle
    }

    /// Runs `body` on a parked thread, or on a new one named `name` when none is free.
    func run(name: String, _ body: @escaping @Sendable () -> Void) {
        if let parking = parked.withLock({ $0.popLast() }) {
            // Woken on a semaphore, not a condition variable: the thread wakes without waiting
            // for a lock, and its wake-up costs one futex call rather than two.
            parking.work = body
            parking.wake.signal()
            return
        }
        NativeThread.start(name: name) { [self] in serve(body) }
    }

    private func serve(_ first: @escaping @Sendable () -> Void) {
        let parking = Parking()
        var next: (@Sendable () -> Void)? = first
        while let body = next {
            // Released before parking, so nothing of the last action is kept by a parked thread.
            next = nil
            body()
            next = park(parking)
        }
    }

    /// The next work for this thread, or nil when enough threads are parked already.
    private func park(_ parking: Parking) -> (@Sendable () -> Void)? {
        let parks = parked.withLock { parked in
            guard parked.count < maxIdle else { return false }
            parked.append(parking)
            return true
        }
        guard parks else { return nil }
        parking.wake.wait()
        defer { parking.work = nil }
        return parking.work
    }
}
