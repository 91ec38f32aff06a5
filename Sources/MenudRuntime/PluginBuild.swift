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
    /// Per asked plugin: its valid items once it has answered with them.
    private var results: [[MenuItem]?]
    /// Per asked plugin: still to answer.
    private var isWaiting: [Bool]
    private(set) var waitingCount: Int
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
        results = []
        isWaiting = []
        results.reserveCapacity(asked.count)
        isWaiting.reserveCapacity(asked.count)
        for _ in asked {
            results.append(nil)
            isWaiting.append(true)
        }
        waitingCount = asked.count
        self.completion = completion
    }

    /// The index of the asked plugin `name` while it is still to answer.
    func waitingIndex(of name: String) -> Int? {
        asked.indices.first { isWaiting[$0] && asked[$0] == name }
    }

    func isWaiting(for index: Int) -> Bool { isWaiting[index] }

    /// Notes that plugin `index`, still to answer, has answered, with `items` when they are valid.
    func answered(_ index: Int, items: [MenuItem]?) {
        precondition(isWaiting[index], "plugin \(asked[index]) answered twice")
        isWaiting[index] = false
        waitingCount -= 1
        results[index] = items
    }

    /// The plugins still to answer, in menu order.
    var waitingNames: [String] { asked.indices.filter { isWaiting[$0] }.map { asked[$0] } }

    /// The items per plugin, in menu order, leaving out plugins with none.
    var orderedResults: [(plugin: String, items: [MenuItem])] {
        asked.indices.compactMap { index in results[index].flatMap { $0.isEmpty ? nil : (asked[index], $0) } }
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
