import MenudCore
import MenudLoop
import MenudPluginAPI

/// An acknowledged action: queued behind others on the same files, running, or stopped at its
/// time limit while its task has not ended yet.
final class RunningAction {
    let menu: MenuID
    let responder: Responder
    let itemId: String
    let resolved: ResolvedItem
    let input: String?
    /// The time limit, counted from the dismissal: it covers the wait in the queue and the run.
    let limitMs: Int64
    var task: Task<Void, Never>?
    /// The thread the task runs on (see ``ActionThread``).
    var thread: ActionThread?
    var timer: (any ScheduledTimer)?
    /// Set when the client already got its answer (time limit, shutdown); the task's own
    /// result is then only logged.
    var answered: Bool { responder.isAnswered }
    /// Set when the time limit stopped it while it ran: its files are free again, and whatever
    /// its task reports later is ignored.
    var stopped = false

    init(menu: MenuID, responder: Responder, itemId: String, resolved: ResolvedItem, input: String?, limitMs: Int64) {
        self.menu = menu
        self.responder = responder
        self.itemId = itemId
        self.resolved = resolved
        self.input = input
        self.limitMs = limitMs
    }

    var title: String { resolved.item.title }
}
