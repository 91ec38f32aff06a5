import MenudCore
import MenudLoop
import MenudPluginAPI

/// An acknowledged action: queued behind others on the same files, or running.
final class RunningAction {
    let menu: MenuID
    let reply: ReplyTarget
    let itemId: String
    let resolved: ResolvedItem
    let input: String?
    var task: Task<Void, Never>?
    var timer: LoopTimer?
    /// Set when the client already got its answer (time limit, shutdown); the task's own
    /// result is then only logged.
    var answered = false

    init(menu: MenuID, reply: ReplyTarget, itemId: String, resolved: ResolvedItem, input: String?) {
        self.menu = menu
        self.reply = reply
        self.itemId = itemId
        self.resolved = resolved
        self.input = input
    }

    var paths: [String] { resolved.files.map(\.path) }
}
