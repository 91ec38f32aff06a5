import MenudNative

/// Swift's concurrency runtime, started before clients take the descriptors.
enum ConcurrencyRuntime {
    /// Starts it now, while descriptors are free: its first task sets up libdispatch's event
    /// loop (an epoll descriptor, an eventfd, timerfds), and libdispatch traps when that fails,
    /// as it would on the first action with every descriptor taken by clients. A short sleep
    /// also brings up the timers `Task.sleep` uses.
    static func start() {
        let started = NativeSemaphore()
        Task.detached {
            try? await Task.sleep(nanoseconds: 1_000_000)
            started.signal()
        }
        started.wait()
    }
}
