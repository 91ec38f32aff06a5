import Foundation
import MenudNative

/// A JSON-RPC client over the daemon's socket, decoding with Foundation (independent of the
/// daemon's own codec, so the tests check the wire format, not the code against itself).
final class RPCClient {
    let socket: UnixSocketClient
    private var nextId = 1
    /// Notifications that arrived while waiting for a response.
    var notifications: [[String: Any]] = []

    init(path: String) throws {
        socket = try UnixSocketClient(path: path)
    }

    struct Failure: Error, CustomStringConvertible {
        let code: Int
        let message: String
        let data: Any?
        var description: String { "error \(code): \(message)" }
    }

    /// Sends a request and returns its `result` object (throws `Failure` for an error reply).
    @discardableResult
    func call(_ method: String, _ params: [String: Any]? = nil, timeoutMs: Int = 10_000) throws -> [String: Any] {
        let response = try request(method, params, timeoutMs: timeoutMs)
        if let error = response["error"] as? [String: Any] {
            throw Failure(code: error["code"] as? Int ?? 0, message: error["message"] as? String ?? "", data: error["data"])
        }
        return response["result"] as? [String: Any] ?? [:]
    }

    /// Sends a request and returns the whole response object.
    func request(_ method: String, _ params: [String: Any]? = nil, timeoutMs: Int = 10_000) throws -> [String: Any] {
        let id = nextId
        nextId += 1
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        try send(message)
        return try response(id: id, timeoutMs: timeoutMs)
    }

    func send(_ object: Any) throws {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes])
        try socket.send(Array(data) + [0x0A])
    }

    func sendRaw(_ text: String) throws {
        try socket.send(Array(text.utf8))
    }

    /// Reads lines until the response with `id` arrives, keeping notifications.
    func response(id: Int, timeoutMs: Int = 10_000) throws -> [String: Any] {
        while true {
            let object = try readObject(timeoutMs: timeoutMs)
            guard let dictionary = object as? [String: Any] else { throw DaemonTestError("expected an object, got \(object)") }
            if dictionary["id"] == nil || dictionary["id"] is NSNull, dictionary["method"] != nil {
                notifications.append(dictionary)
                continue
            }
            if (dictionary["id"] as? Int) == id { return dictionary }
            throw DaemonTestError("unexpected response \(dictionary) while waiting for id \(id)")
        }
    }

    /// The next line, decoded.
    func readObject(timeoutMs: Int = 10_000) throws -> Any {
        guard let line = try socket.readLine(timeoutMs: timeoutMs) else { throw DaemonTestError("the daemon closed the connection") }
        return try JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed])
    }

    /// Waits for a notification with `method`, returning its params.
    func notification(_ method: String, timeoutMs: Int = 10_000, where predicate: ([String: Any]) -> Bool = { _ in true }) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(Double(timeoutMs) / 1000)
        while true {
            if let index = notifications.firstIndex(where: { $0["method"] as? String == method && predicate($0["params"] as? [String: Any] ?? [:]) }) {
                return notifications.remove(at: index)["params"] as? [String: Any] ?? [:]
            }
            let remaining = Int(deadline.timeIntervalSinceNow * 1000)
            if remaining <= 0 { throw DaemonTestError("no \(method) notification within \(timeoutMs) ms; got \(notifications)") }
            let object = try readObject(timeoutMs: remaining)
            if let dictionary = object as? [String: Any], dictionary["method"] != nil { notifications.append(dictionary) }
        }
    }

    func file(_ path: String) throws -> [String: Any] { try call("files.get", ["path": path]) }

    func list(_ params: [String: Any] = [:]) throws -> [[String: Any]] {
        try call("files.list", params)["files"] as? [[String: Any]] ?? []
    }
}
