import CLibUV

/// A one-shot or repeating timer (`uv_timer_t`).
public final class LoopTimer: LoopHandle {
    private var callback: (() -> Void)?

    public init(loop: EventLoop) throws(LoopError) {
        let memory = try LoopHandle.initializedMemory(uv_timer_t(), operation: "create a timer") { uv_timer_init(loop.raw, $0) }
        super.init(memory: memory)
        retainThroughHandle()
    }

    private var timer: UnsafeMutablePointer<uv_timer_t> {
        UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_timer_t.self)
    }

    /// (Re)starts the timer: `callback` runs after `afterMs`, then every `repeatMs` if non-zero.
    public func start(afterMs: UInt64, repeatMs: UInt64 = 0, _ callback: @escaping () -> Void) {
        guard !isClosing else { return }
        self.callback = callback
        uv_timer_start(timer, loopTimerFired, afterMs, repeatMs)
    }

    public func stop() {
        guard !isClosing else { return }
        uv_timer_stop(timer)
    }

    /// True while the timer is armed.
    public var isActive: Bool { !isClosing && uv_is_active(handle) != 0 }

    override func willClose() { callback = nil }

    fileprivate func fire() { callback?() }
}

private func loopTimerFired(_ timer: UnsafeMutablePointer<uv_timer_t>?) {
    owner(timer.map(UnsafeMutableRawPointer.init), as: LoopTimer.self)?.fire()
}
