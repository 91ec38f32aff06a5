import Foundation

/// One connection's menu handshake in the load test, driven step by step so that hundreds of
/// them can be in flight at once. Its role decides where it stops.
final class LoadHandshake {
    enum Role: Equatable {
        /// Opens and leaves without selecting: never runs.
        case leaveAfterOpen
        /// Selects and leaves before dismissing: never runs.
        case leaveAfterSelect
        /// Sends menu.dismissed and leaves at once: the dismissal arrived, so it runs.
        case dismissAndLeave
        /// Cancels instead of selecting: never runs.
        case cancelAfterOpen
        /// Selects, then cancels instead of dismissing: never runs.
        case cancelAfterSelect
        /// The whole handshake, waiting for the action's answer: runs.
        case complete

        init(index: Int) {
            switch index % 10 {
            case 0: self = .leaveAfterOpen
            case 1: self = .leaveAfterSelect
            case 2: self = .dismissAndLeave
            case 3: self = .cancelAfterOpen
            case 4: self = .cancelAfterSelect
            default: self = .complete
            }
        }
    }

    let file: String
    let role: Role
    private let socket: LoadSocket
    private var menuID = ""
    private var itemID = ""
    private(set) var acknowledged = false
    private(set) var problem: String?

    /// Whether the action must run (exactly once): the dismissal reached the daemon.
    var mustRun: Bool { role == .complete || role == .dismissAndLeave }

    init(path: String, file: String, role: Role) throws {
        socket = try LoadSocket(path: path)
        self.file = file
        self.role = role
    }

    private func send(_ id: Int, _ method: String, _ params: [String: Any]) throws {
        let message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method, "params": params]
        try socket.send(Array(try JSONSerialization.data(withJSONObject: message)) + [0x0A])
    }

    /// The answer with `id`, skipping notifications.
    private func answer(_ id: Int) throws -> [String: Any] {
        while true {
            guard let object = try socket.readJSON(timeoutMs: 60_000) as? [String: Any] else {
                throw DaemonTestError("\(file): the daemon closed the connection while answer \(id) was due")
            }
            if object["id"] == nil { continue }
            guard object["id"] as? Int == id else { throw DaemonTestError("\(file): expected answer \(id), got \(object)") }
            if let error = object["error"] { throw DaemonTestError("\(file): request \(id) failed: \(error)") }
            return object["result"] as? [String: Any] ?? [:]
        }
    }

    func open() throws {
        try send(1, "menu.open", ["target": ["path": file]])
    }

    func readOpened(itemTitle: String) throws {
        let result = try answer(1)
        guard let menu = result["menu"] as? [String: Any], let id = menu["id"] as? String else {
            throw DaemonTestError("\(file): menu.open gave no menu: \(result)")
        }
        func walk(_ items: [[String: Any]]) -> [[String: Any]] {
            items.flatMap { [$0] + walk($0["children"] as? [[String: Any]] ?? []) }
        }
        guard let item = walk(menu["items"] as? [[String: Any]] ?? []).first(where: { $0["title"] as? String == itemTitle }),
              let item = item["id"] as? String else {
            throw DaemonTestError("\(file): no item \(itemTitle) in \(menu)")
        }
        menuID = id
        itemID = item
    }

    func selectOrLeave() throws {
        switch role {
        case .leaveAfterOpen: socket.close()
        case .cancelAfterOpen: try send(2, "menu.cancel", ["menu": menuID])
        default: try send(2, "menu.select", ["menu": menuID, "item": itemID])
        }
    }

    func readSelected() throws {
        switch role {
        case .leaveAfterOpen: return
        case .cancelAfterOpen:
            if try answer(2)["closed"] as? Bool != true { problem = "menu.cancel did not answer closed: true" }
        default:
            if try answer(2)["dismiss"] as? Bool != true { problem = "menu.select did not answer dismiss: true" }
            if role == .leaveAfterSelect { socket.close() }
        }
    }

    func dismissOrLeave() throws {
        switch role {
        case .cancelAfterSelect: try send(3, "menu.cancel", ["menu": menuID])
        case .dismissAndLeave:
            try send(3, "menu.dismissed", ["menu": menuID])
            socket.close()
        case .complete: try send(3, "menu.dismissed", ["menu": menuID])
        default: return
        }
    }

    func readDismissed() throws {
        switch role {
        case .cancelAfterSelect:
            if try answer(3)["closed"] as? Bool != true { problem = "menu.cancel after select did not answer closed: true" }
        case .complete:
            let result = try answer(3)
            acknowledged = result["ran"] as? Bool == true && result["item"] as? String == itemID
            if !acknowledged { problem = "menu.dismissed answered \(result)" }
        default: return
        }
    }

    func close() { socket.close() }
}
