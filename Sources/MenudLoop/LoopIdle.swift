import CLibUV

/// Runs a callback once in the next loop iteration (`uv_idle_t`), after the loop has polled
/// for I/O without blocking. ``LoopTimer`` uses it for zero delays: libuv 1.44 runs a timer
/// restarted at 0 ms from a timer callback again in the same pass over the timers, so work
/// that yields that way (tree slices, streamed answers, overdue expiry sweeps) never let
/// sockets be read until it was all done.
final class LoopIdle: LoopHandle {
    private var callback: (() -> Void)?

    init(loop: UnsafeMutablePointer<uv_loop_t>) throws(LoopError) {
        let memory = try LoopHandle.initializedMemory(uv_idle_t(), operation: "create an idle handle") { uv_idle_init(loop, $0) }
        super.init(memory: memory)
        retainThroughHandle()
    }

    private var idle: UnsafeMutablePointer<uv_idle_t> {
        UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_idle_t.self)
    }

    /// `callback` runs once, in the next iteration (started from an idle callback, it is not
    /// run again in the same iteration: libuv takes the idle handles of an iteration first).
    func start(_ callback: @escaping () -> Void) {
        guard !isClosing else { return }
        self.callback = callback
        uv_idle_start(idle, loopIdleRan)
    }

    func stop() {
        guard !isClosing else { return }
        uv_idle_stop(idle)
    }

    var isActive: Bool { !isClosing && uv_is_active(handle) != 0 }

    override func willClose() { callback = nil }

    fileprivate func run() {
        uv_idle_stop(idle)
        callback?()
    }
}

private func loopIdleRan(_ idle: UnsafeMutablePointer<uv_idle_t>?) {
    owner(idle.map(UnsafeMutableRawPointer.init), as: LoopIdle.self)?.run()
}
