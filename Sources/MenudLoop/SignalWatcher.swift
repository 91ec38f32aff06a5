import CLibUV
import Glibc

/// Delivers a POSIX signal on the loop thread (`uv_signal_t`).
public final class SignalWatcher: LoopHandle {
    private var callback: ((Int32) -> Void)?

    public init(loop: EventLoop) throws(LoopError) {
        let memory = try LoopHandle.initializedMemory(uv_signal_t(), operation: "create a signal watcher") { uv_signal_init(loop.raw, $0) }
        super.init(memory: memory)
        retainThroughHandle()
    }

    public func start(signal: Int32, _ callback: @escaping (Int32) -> Void) throws(LoopError) {
        self.callback = callback
        let raw = UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_signal_t.self)
        try LoopError.check(uv_signal_start(raw, signalWatcherFired, signal), "watch signal \(signal)")
        // A process started from a thread that blocks the signal (a Swift concurrency thread
        // does) inherits that mask through exec, and a blocked signal never reaches the loop:
        // the daemon would ignore SIGTERM. Unblock it on this thread, whatever was inherited.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    override func willClose() { callback = nil }

    fileprivate func fire(_ signal: Int32) { callback?(signal) }
}

private func signalWatcherFired(_ handle: UnsafeMutablePointer<uv_signal_t>?, _ signal: Int32) {
    owner(handle.map(UnsafeMutableRawPointer.init), as: SignalWatcher.self)?.fire(signal)
}
