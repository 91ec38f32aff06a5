/// A one-shot or repeating timer, as the services arm it: `LoopTimer` on the running loop, a
/// manual timer in tests (driven by a manual clock, so a deadline is tested without waiting).
public protocol ScheduledTimer: AnyObject {
    /// (Re)starts the timer: `callback` runs after `afterMs`, then every `repeatMs` if non-zero.
    func start(afterMs: UInt64, repeatMs: UInt64, _ callback: @escaping () -> Void)
    /// Disarms the timer; `start` arms it again.
    func stop()
    /// True while the timer is armed.
    var isActive: Bool { get }
    /// Disarms the timer for good and drops its callback.
    func close()
}

extension ScheduledTimer {
    /// Runs `callback` once, after `afterMs`.
    public func start(afterMs: UInt64, _ callback: @escaping () -> Void) {
        start(afterMs: afterMs, repeatMs: 0, callback)
    }
}

extension LoopTimer: ScheduledTimer {}
