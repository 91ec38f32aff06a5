import MenudCore
import MenudLoop
import MenudPluginAPI
import Synchronization

/// One collection of items for a menu: each plugin gets until `menuBuildTimeout`; whichever
/// has not answered by then (or threw, or built invalid items) is left out.
final class PluginBuild {
    let id: Int
    let owner: ConnectionID
    /// The plugins asked, in menu order.
    let asked: [String]
    var waiting: Set<String>
    var results: [String: [MenuItem]] = [:]
    var timer: (any ScheduledTimer)?
    /// The plugins asked off the loop, together in one task.
    var task: Task<Void, Never>?
    /// What the slow path has collected so far, read at the deadline.
    let slowResults = PluginBuildResults()
    let completion: ([(plugin: String, items: [MenuItem])]) -> Void

    init(id: Int, owner: ConnectionID, asked: [String], completion: @escaping ([(plugin: String, items: [MenuItem])]) -> Void) {
        self.id = id
        self.owner = owner
        self.asked = asked
        waiting = Set(asked)
        self.completion = completion
    }

    /// The items per plugin, in menu order, leaving out plugins with none.
    var orderedResults: [(plugin: String, items: [MenuItem])] {
        asked.compactMap { name in results[name].flatMap { $0.isEmpty ? nil : (name, $0) } }
    }

    /// Stops whatever still runs for this build.
    func stop() {
        timer?.close()
        timer = nil
        task?.cancel()
        task = nil
    }
}

/// The slow path's answers as they come in (off the loop), so the deadline can take what is
/// there. Once taken, later answers are refused (they come too late).
final class PluginBuildResults: Sendable {
    typealias Answer = (plugin: String, result: Result<[MenuItem], any Error>)
    private struct State {
        var answers: [Answer] = []
        var taken = false
    }
    private let state = Mutex(State())

    /// Keeps an answer; false when it came too late.
    func deposit(_ answer: Answer) -> Bool {
        state.withLock { state in
            guard !state.taken else { return false }
            state.answers.append(answer)
            return true
        }
    }

    /// Everything deposited so far; later deposits are refused.
    func take() -> [Answer] {
        state.withLock { state in
            state.taken = true
            let answers = state.answers
            state.answers = []
            return answers
        }
    }
}
