import CLinux
import Glibc

/// A detached POSIX thread running one closure (what Foundation's `Thread` did, without
/// Foundation): the daemon's crawler and each action's own thread.
public enum NativeThread {
    private struct Start {
        let name: [UInt8]
        let body: @Sendable () -> Void
    }

    /// Starts a thread named `name` (the kernel keeps 15 bytes of it, shown by `top -H`) that
    /// runs `body` and ends. A thread that cannot be created is a resource exhaustion the daemon
    /// cannot work around: it stops with the reason.
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let context = UnsafeMutablePointer<Start>.allocate(capacity: 1)
        context.initialize(to: Start(name: Array(name.utf8.prefix(15)), body: body))
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { argument in
            let pointer = argument!.assumingMemoryBound(to: Start.self)
            let start = pointer.move()
            pointer.deallocate()
            _ = NativePath.withCString(start.name) { menud_set_thread_name($0) }
            start.body()
            return nil
        }, context)
        guard result == 0 else {
            context.deinitialize(count: 1)
            context.deallocate()
            fatalError("cannot start thread \(name): \(String(cString: strerror(result)))")
        }
        pthread_detach(thread)
    }

    /// Lowers the calling thread's scheduling priority by `niceness` (1 to 19): when it and
    /// the loop's thread want the same CPU, the loop gets most of it.
    public static func lowerCurrentPriority(by niceness: Int32) {
        let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(menud_thread_id()))
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(menud_thread_id()), min(19, current + niceness))
    }

    /// The processors this process may run on (at least 1; `taskset` and a container's
    /// cpuset narrow it): how many threads a job that splits well may use.
    public static var usableProcessors: Int {
        Int(menud_usable_processors())
    }
}
