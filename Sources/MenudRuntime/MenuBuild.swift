import MenudCore
import MenudLoop
import MenudPluginAPI

/// A `menu.open` waiting for its plugins' items: each plugin gets until `menuBuildTimeout`;
/// whichever has not answered by then (or threw) is left out of this menu.
final class MenuBuild {
    let id: Int
    let reply: ReplyTarget
    let target: MenuTarget
    /// What the menu shows of each file an action may name: every target of a file or selection
    /// menu, the rows of a directory menu (parallel to the start of `target.files`).
    let shown: [ShownFile]
    let targetPaths: [RelativePath]
    let title: String
    let layout: JSONObject?
    var waiting: Set<String>
    var results: [String: [MenuItem]] = [:]
    var timer: LoopTimer?
    var tasks: [Task<Void, Never>] = []

    init(id: Int, reply: ReplyTarget, target: MenuTarget, shown: [ShownFile], targetPaths: [RelativePath], title: String,
         layout: JSONObject?, plugins: [String]) {
        self.id = id
        self.reply = reply
        self.target = target
        self.shown = shown
        self.targetPaths = targetPaths
        self.title = title
        self.layout = layout
        waiting = Set(plugins)
    }
}
