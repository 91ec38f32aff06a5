import MenudNative
import Synchronization

/// Swift's concurrency runtime, started by the first task the daemon makes (an action, a
/// plugin's slow items), not when the daemon starts: once started, libdispatch underneath it
/// keeps three threads (each with its own malloc arena) and checks its worker pool every second,
/// for the life of the process, so a daemon that runs no action sleeps until a request comes.
enum ConcurrencyRuntime {
    /// Descriptors libdispatch opens when it starts (an epoll descriptor, an eventfd, a timerfd
    /// for each clock its timers use): held back from clients (``DescriptorBudget``) so that the
    /// first action finds them free even with every client slot taken.
    static let descriptors = 6
    private static let started = Atomic<Bool>(false)

    /// Starts it now, if not yet, before a task is made: its first task sets up libdispatch's
    /// event loop (an epoll descriptor, an eventfd, timerfds), and libdispatch traps when that
    /// fails, so it is set up here, synchronously, from the reserved descriptors. A short sleep
    /// also brings up the timers `Task.sleep` uses.
    static func start() {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let started = NativeSemaphore()
        Task.detached {
            try? await Task.sleep(nanoseconds: 1_000_000)
            started.signal()
        }
        started.wait()
    }
}
