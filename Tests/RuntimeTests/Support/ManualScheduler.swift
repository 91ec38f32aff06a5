import MenudCore
import MenudLoop

/// Timers driven by a `ManualClock`: nothing fires until a test calls ``advance(by:)``, and
/// then every timer due fires in time order, with the clock set to its due time.
final class ManualScheduler: LoopScheduler {
    let clock: ManualClock
    private var timers: [ManualTimer] = []
    private var nextArm = 0

    init(clock: ManualClock = ManualClock()) {
        self.clock = clock
    }

    func makeTimer() -> any ScheduledTimer {
        let timer = ManualTimer(scheduler: self)
        timers.append(timer)
        return timer
    }

    /// How many timers are armed now.
    var activeCount: Int { timers.filter(\.isActive).count }

    /// Moves the clock `ms` forward, firing what comes due on the way.
    func advance(by ms: Int64) {
        let end = clock.nowMs() + ms
        while let next = timers.filter({ $0.isActive && $0.dueMs! <= end }).min(by: { ($0.dueMs!, $0.armOrder) < ($1.dueMs!, $1.armOrder) }) {
            clock.set(nowMs: max(clock.nowMs(), next.dueMs!))
            next.fire()
        }
        clock.set(nowMs: end)
    }

    /// Fires what is due now (timers armed with a delay of 0).
    func runDue() { advance(by: 0) }

    fileprivate func arm() -> Int {
        nextArm += 1
        return nextArm
    }
}

final class ManualTimer: ScheduledTimer {
    private unowned let scheduler: ManualScheduler
    private var callback: (() -> Void)?
    private var repeatMs: UInt64 = 0
    private(set) var dueMs: Int64?
    private(set) var armOrder = 0
    private var closed = false

    init(scheduler: ManualScheduler) {
        self.scheduler = scheduler
    }

    func start(afterMs: UInt64, repeatMs: UInt64, _ callback: @escaping () -> Void) {
        guard !closed else { return }
        self.callback = callback
        self.repeatMs = repeatMs
        dueMs = scheduler.clock.nowMs() + Int64(afterMs)
        armOrder = scheduler.arm()
    }

    func stop() { dueMs = nil }

    var isActive: Bool { dueMs != nil }

    func close() {
        closed = true
        dueMs = nil
        callback = nil
    }

    fileprivate func fire() {
        guard let due = dueMs else { return }
        dueMs = repeatMs > 0 ? due + Int64(repeatMs) : nil
        callback?()
    }
}
