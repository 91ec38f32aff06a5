import MenudNative

/// A thread of its own for one action's task (`Task(executorPreference:)`).
///
/// Swift's cooperative pool has one thread per core (two on a small machine). An action stuck
/// in a blocking system call (an `open` of a FIFO, a plugin's `sleep`) would hold one of them
/// for as long as it is stuck, and a few such actions would stop every menu build and every
/// other action. On its own thread a stuck action holds only that thread; the scheduler bounds
/// how many such threads exist (`ActionSchedulerLimits`).
///
/// The thread runs the jobs of its task in order and is done once ``close()`` was called and no
/// job is left (it then waits in the ``ActionWorkerPool`` for the next action's task, or ends).
/// A job that still arrives after that (a child task finishing late) gets a thread again,
/// so no job is ever dropped.
final class ActionThread: TaskExecutor, @unchecked Sendable {
    private let name: String
    private let condition = NativeCondition()
    // Guarded by `condition`.
    private var jobs: [UnownedJob] = []
    private var closed = false
    private var threadRunning = false

    init(name: String) {
        self.name = name
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        let startThread = !threadRunning
        threadRunning = true
        condition.unlock()
        // After the unlock, as in ``ActionWorkerPool/run(name:_:)``: the woken thread then finds
        // the lock free. (`self` outlives the call, so the condition does too.)
        if startThread { startWorker() } else { condition.signal() }
    }

    /// No more jobs are expected: the thread ends when it has run the ones it has.
    func close() {
        condition.lock()
        closed = true
        condition.unlock()
        condition.signal()
    }

    private func startWorker() {
        // The worker holds `self` until it ends, so the executor outlives every job it takes.
        // The thread is a parked one when there is one (``ActionWorkerPool``).
        ActionWorkerPool.shared.run(name: name) { [self] in work() }
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty && !closed { condition.wait() }
            guard !jobs.isEmpty else {
                threadRunning = false
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
