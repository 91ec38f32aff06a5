import Foundation
import Glibc
import Synchronization

/// Frees whatever gets stuck opening the FIFO at `path`: if ``finish()`` has not been called
/// after a generous while, it opens the FIFO from the other side, so a test that would hang
/// for ever fails instead. ``finish()`` says whether that was needed (something blocked).
final class FifoWatchdog: Sendable {
    private let path: String
    private let finished = Mutex(false)
    private let unblocked = Mutex(false)
    private let stopped = DispatchSemaphore(value: 0)

    init(_ path: String, patienceSeconds: Double = 20) {
        self.path = path
        Thread.detachNewThread { [self] in
            let deadline = Date().addingTimeInterval(patienceSeconds)
            while !finished.withLock({ $0 }) {
                if Date() >= deadline {
                    unblocked.withLock { $0 = true }
                    let writer = open(path, O_WRONLY | O_NONBLOCK)
                    let reader = open(path, O_RDONLY | O_NONBLOCK)
                    usleep(200_000)
                    if writer >= 0 { close(writer) }
                    if reader >= 0 { close(reader) }
                    break
                }
                usleep(10_000)
            }
            stopped.signal()
        }
    }

    /// Stops watching; `true` when the FIFO had to be opened to free something stuck on it.
    /// Calling it again gives the same answer.
    func finish() -> Bool {
        let first = finished.withLock { done in
            defer { done = true }
            return !done
        }
        if first { stopped.wait() }
        return unblocked.withLock { $0 }
    }
}
