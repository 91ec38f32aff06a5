/// Where the services get their timers: the event loop when the daemon runs, a manual
/// scheduler in tests.
public protocol LoopScheduler: AnyObject {
    /// A new, unarmed timer.
    func makeTimer() throws(LoopError) -> any ScheduledTimer
}

extension EventLoop: LoopScheduler {
    public func makeTimer() throws(LoopError) -> any ScheduledTimer {
        try LoopTimer(loop: self)
    }
}
