import MenudCore
import MenudLoop
import MenudPluginAPI
import Synchronization

/// One collection of items for a menu: each plugin gets until `menuBuildTimeout`; whichever
/// has not answered by then (or threw, or built invalid items) is left out.
final class PluginBuild {
    let id: Int
    let owner: ConnectionID
    /// The plugins asked, in menu order; a plugin is known by its index here (a menu asks a
    /// few plugins: a list and an index cost less than hashing their names into sets).
    let asked: [String]
    /// Per asked plugin: still to answer, or answered (with its items when they are valid).
    private var answers: [Answer]
    private enum Answer {
        case waiting
        case answered(items: [MenuItem]?)
    }
    var timer: (any ScheduledTimer)?
    /// The plugins asked off the loop, together in one task.
    var task: Task<Void, Never>?
    /// What the slow path has collected so far, read at the deadline (made only for a build
    /// that asks a plugin off the loop).
    private(set) lazy var slowResults = PluginBuildResults()
    let completion: ([(plugin: String, items: [MenuItem])]) -> Void

    init(id: Int, owner: ConnectionID, asked: [String], completion: @escaping ([(plugin: String, items: [MenuItem])]) -> Void) {
        self.id = id
        self.owner = owner
        self.asked = asked
        // Appended rather than made by Array(repeating:count:), which runs unspecialized code.
        answers = []
        answers.reserveCapacity(asked.count)
        for _ in asked { answers.append(.waiting) }
        self.completion = completion
    }

    /// The index of the asked plugin `name` while it is still to answer.
    func waitingIndex(of name: String) -> Int? {
        asked.indices.first { isWaiting(for: $0) && asked[$0] == name }
    }

    func isWaiting(for index: Int) -> Bool {
        if case .waiting = answers[index] { return true }
        return false
    }

    /// Whether every plugin asked has answered.
    var isComplete: Bool { !answers.indices.contains(where: isWaiting(for:)) }

    /// Notes that plugin `index`, still to answer, has answered, with `items` when they are valid.
    func answered(_ index: Int, items: [MenuItem]?) {
        precondition(isWaiting(for: index), "plugin \(asked[index]) answered twice")
        answers[index] = .answered(items: items)
    }

    /// The plugins still to answer, in menu order.
    var waitingNames: [String] { asked.indices.filter(isWaiting(for:)).map { asked[$0] } }

    /// The items per plugin, in menu order, leaving out plugins with none.
    var orderedResults: [(plugin: String, items: [MenuItem])] {
        asked.indices.compactMap { index in
            guard case .answered(let items?) = answers[index], !items.isEmpty else { return nil }
            return (asked[index], items)
        }
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
