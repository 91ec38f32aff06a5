import MenudLoop
import MenudNative

/// Hands free heap back to the system once large answers stop (1 s after the last), so
/// back-to-back listings reuse their pages instead of faulting fresh ones in each time.
final class HeapTrimmer: DaemonService {
    let name = "heap trimmer"
    static let quietMs: UInt64 = 1000
    private let scheduler: any LoopScheduler
    private var timer: (any ScheduledTimer)?

    init(scheduler: any LoopScheduler) {
        self.scheduler = scheduler
    }

    func start() throws {}
    func reload(_ configuration: DaemonConfiguration) {}

    func shutdown(graceMs: UInt64, done: @escaping () -> Void) {
        timer?.stop()
        done()
    }

    /// A large answer was written: trim once they stop.
    func largeAnswerSent() {
        if timer == nil { timer = try? scheduler.makeTimer() }
        timer?.start(afterMs: HeapTrimmer.quietMs) { MemoryUse.returnFreeMemory() }
    }
}
