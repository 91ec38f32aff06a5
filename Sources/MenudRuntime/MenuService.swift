import MenudCore
import MenudLoop

/// The loop-side state of menus and actions.
final class MenuService {
    var sessions: MenuSessionTable<Void>
    var open: [MenuID: OpenMenu] = [:]
    var builds: [Int: MenuBuild] = [:]
    var nextBuildId = 1
    var scheduler: ActionScheduler<MenuID, RelativePath>
    var actions: [MenuID: RunningAction] = [:]
    let expiryTimer: LoopTimer
    var armedExpiryMs: Int64?
    /// `daemon.status` members that change only with a reload, encoded (see `statusResult`).
    var statusConstants: [UInt8] = []
    /// Plugins whose `immediateItems` was too slow for the loop; asked on other threads.
    var slowImmediatePlugins: Set<String> = []

    init(settings: DaemonSettings, clock: any Clock, loop: EventLoop) throws {
        sessions = MenuSessionTable(
            limits: MenuSessionLimits(menuExpireMs: settings.menuExpireMs,
                                      maxOpenMenusPerConnection: settings.maxOpenMenusPerConnection),
            clock: clock)
        scheduler = ActionScheduler(limits: ActionSchedulerLimits(maxRunning: settings.maxRunningActions,
                                                                  maxWaiting: max(64, settings.maxRunningActions * 8)))
        expiryTimer = try LoopTimer(loop: loop)
    }
}
