import CLibUV

/// A one-shot or repeating timer (`uv_timer_t`).
///
/// A one-shot start at 0 ms runs the callback in the next loop iteration, after the loop has
/// polled for I/O (``LoopIdle``), not in the current pass over the timers: so work that
/// yields by starting a timer at 0 ms lets every socket be served between its slices.
public final class LoopTimer: LoopHandle {
    private var callback: (() -> Void)?
    private let loop: UnsafeMutablePointer<uv_loop_t>
    /// Runs zero-delay starts, made on the first of them.
    private var nextTurn: LoopIdle?

    public init(loop: EventLoop) throws(LoopError) {
        let memory = try LoopHandle.initializedMemory(uv_timer_t(), operation: "create a timer") { uv_timer_init(loop.raw, $0) }
        self.loop = loop.raw
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
        if afterMs == 0 && repeatMs == 0, let nextTurn = nextTurnHandle() {
            uv_timer_stop(timer)
            nextTurn.start { [unowned self] in fire() }
            return
        }
        nextTurn?.stop()
        uv_timer_start(timer, loopTimerFired, afterMs, repeatMs)
    }

    /// The idle handle for zero-delay starts; nil if libuv cannot make one (then they are
    /// timers at 0 ms, as before).
    private func nextTurnHandle() -> LoopIdle? {
        if nextTurn == nil { nextTurn = try? LoopIdle(loop: loop) }
        return nextTurn
    }

    public func stop() {
        guard !isClosing else { return }
        uv_timer_stop(timer)
        nextTurn?.stop()
    }

    /// True while the timer is armed.
    public var isActive: Bool { !isClosing && (uv_is_active(handle) != 0 || nextTurn?.isActive == true) }

    override func willClose() {
        callback = nil
        nextTurn?.close()
        nextTurn = nil
    }

    fileprivate func fire() { callback?() }
}

private func loopTimerFired(_ timer: UnsafeMutablePointer<uv_timer_t>?) {
    owner(timer.map(UnsafeMutableRawPointer.init), as: LoopTimer.self)?.fire()
}
