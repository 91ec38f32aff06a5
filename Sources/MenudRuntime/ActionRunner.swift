import MenudCore
import MenudLoop
import MenudNative
import MenudPluginAPI
import MenudJSON
import MenudProtocol

/// Runs acknowledged actions: one at a time per file (``ActionScheduler``), each on a thread of
/// its own, within its time limit (counted from the dismissal, queue wait included), and at
/// shutdown within a grace period. The client's `menu.dismissed` is answered when the action
/// ends, or when it cannot start.
final class ActionRunner: DaemonService, ActionQueue {
    let name = "actions"
    var settings: DaemonSettings
    var plugins: PluginSet
    let log: Logger
    let loop: EventLoop
    let scheduler: any LoopScheduler
    let files: any TrackedFiles
    /// Opens the root for one action, or says why not (gone, or no descriptor free).
    let openRoot: () -> Result<OpenedRoot, RootUnavailable>
    /// Reads the folder's files a page at a time for directory-wide actions.
    let pager: DirectoryPager?
    unowned let server: RPCServer
    var queue: ActionScheduler<MenuID, RelativePath>
    var actions: [MenuID: RunningAction] = [:]
    let processes: ProcessTable
    private(set) var inbox: LoopInbox<ActionRunner>?
    private(set) var launcher: LoopProcessLauncher?
    private let graceTimer: any ScheduledTimer
    private(set) var isStopping = false
    private var shutdownDone: (() -> Void)?

    init(configuration: DaemonConfiguration, log: Logger, loop: EventLoop, scheduler: any LoopScheduler,
         files: any TrackedFiles, openRoot: @escaping () -> Result<OpenedRoot, RootUnavailable>, pager: DirectoryPager? = nil,
         server: RPCServer) throws {
        settings = configuration.settings
        plugins = configuration.plugins
        self.log = log
        self.loop = loop
        self.scheduler = scheduler
        self.files = files
        self.openRoot = openRoot
        self.pager = pager
        self.server = server
        queue = ActionScheduler(limits: ActionSchedulerLimits(maxRunning: settings.maxRunningActions,
                                                              maxWaiting: max(64, settings.maxRunningActions * 8)))
        processes = ProcessTable(loop: loop, log: log)
        graceTimer = try scheduler.makeTimer()
    }

    /// How many actions may run at once: `maxRunningActions`, fitted to the descriptor budget.
    var slots: Int { queue.limits.maxRunning }

    /// The server fitted `maxRunningActions` to the descriptors (at start and on reload): from
    /// now on at most `count` run at once; raised, actions waiting for a slot start now.
    func fitRunningActions(_ count: Int) {
        guard count != slots, !isStopping else { return }
        startWaiting(queue.setMaxRunning(count))
    }

    func start() throws {
        let inbox = try LoopInbox(loop: loop, target: self)
        self.inbox = inbox
        launcher = LoopProcessLauncher(inbox: inbox)
    }

    /// New limits apply to actions acknowledged from now on; the queue's size stays as at start
    /// (the running count is fitted by the server, see ``fitRunningActions(_:)``).
    func reload(_ configuration: DaemonConfiguration) {
        settings = configuration.settings
        plugins = configuration.plugins
    }

    // MARK: Queueing

    func enqueue(menu: MenuID, itemId: String, resolved: ResolvedItem, input: String?, context: RequestContext) throws -> HandlerResult {
        if isStopping {
            throw RPCError.busy(limit: "shutdown", "the daemon is shutting down and starts no new actions; try again once it is back")
        }
        let startNow: Bool
        do {
            startNow = try queue.enqueue(menu, paths: resolved.lockPaths, exclusive: resolved.locksFolder)
        } catch {
            throw RPCError(error)
        }
        let action = RunningAction(menu: menu, responder: context.deferAnswer(), itemId: itemId, resolved: resolved,
                                   input: input, limitMs: ActionRunner.limitMs(of: resolved.item, default: settings.actionTimeoutMs))
        actions[menu] = action
        // The time limit runs from now: waiting for its turn counts.
        if let timer = try? scheduler.makeTimer() {
            action.timer = timer
            timer.start(afterMs: UInt64(action.limitMs)) { [unowned self, unowned action] in self.outOfTime(action) }
        }
        if startNow {
            start(action)
        } else {
            log.debug("the action for menu \(menu) waits for its turn (\(queue.waitingCount) waiting)")
        }
        return .deferred
    }

    /// An item's own time limit (a command's `timeout`), kept within actionTimeout's range
    /// (1 ms to 7 days) whatever a plugin set; the daemon's `actionTimeout` without one.
    static func limitMs(of item: MenuItem, default fallback: Int64) -> Int64 {
        guard let own = item.timeLimitMs else { return fallback }
        return min(max(own, 1), 7 * 86_400_000)
    }

    /// The time limit passed. A queued action leaves the queue unstarted; a running one is
    /// cancelled and its files are freed at once, even if its thread stays stuck (what it
    /// reports later is ignored). Either way what waited behind it may start now.
    private func outOfTime(_ action: RunningAction) {
        action.timer?.close()
        action.timer = nil
        let limit = DurationText.format(action.limitMs)
        let next: [MenuID]
        if action.task == nil {
            log.warning("the action for menu \(action.menu) waited longer than its time limit (\(limit)) for its turn; it does not run")
            actions[action.menu] = nil
            next = (try? queue.withdraw(action.menu)) ?? []
            action.responder.answer(.failure(RPCError.actionTimedOutWaiting(action.title, limitMs: action.limitMs)))
        } else {
            log.warning("the action for menu \(action.menu) ran longer than its time limit (\(limit)); stopping it and freeing its files")
            action.stopped = true
            action.task?.cancel()
            next = (try? queue.abandon(action.menu)) ?? []
            action.responder.answer(.failure(RPCError.actionTimedOut(action.title, limitMs: action.limitMs)))
        }
        startWaiting(next)
        finishShutdownIfIdle()
    }

    func actionProgress(_ menu: MenuID, fraction: Double, message: String?) {
        guard let action = actions[menu], !action.answered else { return }
        var encoded: [UInt8] = []
        RPCEncoder.notification(ActionProgressNotification(menu: menu.rawValue, fraction: fraction, message: message),
                                into: &encoded, newline: false)
        server.send(encoded, to: action.responder.connection)
    }

    func actionFinished(_ menu: MenuID, _ result: Result<ActionOutcome, any Error>) {
        guard let action = actions.removeValue(forKey: menu) else { return }
        action.timer?.close()
        action.timer = nil
        if action.stopped {
            log.info("the action for menu \(menu), stopped at its time limit, ended now; what it reported is ignored")
        } else {
            action.responder.answer(action.outcome(result, daemonStopping: isStopping, log: log))
        }
        // The files (or, for a stopped action, its thread) are free: start what waited.
        startWaiting((try? queue.finish(menu)) ?? [])
        finishShutdownIfIdle()
    }

    private func startWaiting(_ menusNowFree: [MenuID]) {
        for waiting in menusNowFree {
            if let queued = actions[waiting] { start(queued) }
        }
    }

    // MARK: Shutdown

    /// Queued actions never start and get a clear error; running ones get `graceMs` to end
    /// before they are cancelled (their processes killed), and a second more to report back.
    func shutdown(graceMs: UInt64, done: @escaping () -> Void) {
        isStopping = true
        for action in actions.values where action.task == nil {
            action.timer?.close()
            action.timer = nil
            action.responder.answer(.failure(RPCError.actionFailed(message: "the daemon stopped before this action could start; nothing was done")))
            actions[action.menu] = nil
        }
        guard !actions.isEmpty else {
            done()
            return
        }
        shutdownDone = done
        log.info("waiting up to \(graceMs / 1000) s for \(actions.count) running action(s)")
        graceTimer.start(afterMs: graceMs) { [unowned self] in
            log.warning("\(actions.count) action(s) still running after the grace period; stopping them")
            for action in actions.values { action.task?.cancel() }
            processes.killAll()
            for action in actions.values where !action.answered {
                action.responder.answer(.failure(RPCError.actionFailed(message: "the daemon stopped while the action ran; it may have done part of its work")))
            }
            // Keep the loop turning until the killed processes' exits have resumed their
            // tasks and each task has reported back (actionFinished removes it; the last one
            // ends the wait): a task left suspended at exit is memory LeakSanitizer reports.
            // A task that ignores cancellation gets one more second.
            graceTimer.start(afterMs: 1000) { [unowned self] in endShutdown() }
            finishShutdownIfIdle()
        }
    }

    private func finishShutdownIfIdle() {
        if isStopping && actions.isEmpty { endShutdown() }
    }

    private func endShutdown() {
        guard let done = shutdownDone else { return }
        shutdownDone = nil
        graceTimer.stop()
        done()
    }
}
