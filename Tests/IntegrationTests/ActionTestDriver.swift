import Foundation
import Glibc
import MenudNative
import XCTest

/// Menu steps and file set-ups shared by the action tests (identity checks, swaps, time limits).
struct ActionTestDriver {
    let daemon: DaemonProcess

    /// A config for the fixture daemon with the probe plugin: no slow or failing plugin, and a
    /// build limit generous enough for a loaded machine. `extra` is added to the top level.
    static func config(_ extra: String = "") -> String {
        "{ menuBuildTimeout: \"10s\", plugins: { faulty: { enabled: false }, sluggish: { enabled: false } }\(extra.isEmpty ? "" : ", " + extra) }"
    }

    /// Starts the fixture daemon with the probe plugin.
    @discardableResult
    static func start(_ daemon: DaemonProcess, config: String = ActionTestDriver.config(), settle: String = "400ms") throws -> ActionTestDriver {
        try daemon.start(settle: settle, config: config, environment: ["MENUD_FIXTURE_PROBE": "1"], binary: DaemonProcess.fixturePath)
        return ActionTestDriver(daemon: daemon)
    }

    static func flatten(_ items: [[String: Any]]) -> [[String: Any]] {
        items.flatMap { [$0] + flatten($0["children"] as? [[String: Any]] ?? []) }
    }

    func open(_ rpc: RPCClient, _ target: [String: Any]) throws -> [String: Any] {
        try XCTUnwrap(try rpc.call("menu.open", ["target": target], timeoutMs: 20_000)["menu"] as? [String: Any])
    }

    func items(_ menu: [String: Any]) -> [[String: Any]] {
        Self.flatten(menu["items"] as? [[String: Any]] ?? [])
    }

    func item(_ menu: [String: Any], titled title: String, plugin: String? = nil) throws -> [String: Any] {
        try XCTUnwrap(items(menu).first { $0["title"] as? String == title && (plugin == nil || $0["plugin"] as? String == plugin) },
                      "no item \(title) in \(menu)")
    }

    /// Opens a menu on `target` and selects `title`; returns the menu id, ready for dismissal.
    func select(_ rpc: RPCClient, _ target: [String: Any], _ title: String, plugin: String? = nil) throws -> String {
        let menu = try open(rpc, target)
        let menuId = try XCTUnwrap(menu["id"] as? String)
        _ = try rpc.call("menu.select", ["menu": menuId, "item": try item(menu, titled: title, plugin: plugin)["id"] as Any])
        return menuId
    }

    /// Sends `menu.dismissed` as request `id` without waiting for its answer.
    func dismiss(_ rpc: RPCClient, _ menuId: String, input: String? = nil, id: Int) throws {
        var params: [String: Any] = ["menu": menuId]
        if let input { params["input"] = input }
        try rpc.send(["jsonrpc": "2.0", "id": id, "method": "menu.dismissed", "params": params])
    }

    /// Runs `body` while the daemon is stopped (SIGSTOP), so that everything it does (requests
    /// sent, files swapped) is there at once when the daemon goes on, in the order done.
    func whileFrozen(_ body: () throws -> Void) rethrows {
        kill(daemon.process.processIdentifier, SIGSTOP)
        defer { kill(daemon.process.processIdentifier, SIGCONT) }
        try body()
    }

    /// Rewrites the config the daemon was started with to `config` and reloads it (SIGHUP);
    /// `count` is how many reloads there have been, this one included.
    func reload(_ config: String, count: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        try config.write(to: daemon.home.appendingPathComponent("config.json5"), atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        waitForLog("reloaded ", count: count, file: file, line: line)
    }

    /// The error object of a response, or nil for a result.
    static func error(_ response: [String: Any]) -> [String: Any]? { response["error"] as? [String: Any] }

    /// How often `text` appears in the daemon's log so far.
    func logCount(_ text: String) -> Int { daemon.log.components(separatedBy: text).count - 1 }

    /// Waits until the log holds `text` at least `count` times.
    func waitForLog(_ text: String, count: Int = 1, file: StaticString = #filePath, line: UInt = #line) {
        eventually("the log says \(text) \(count) time(s)", timeout: 20, file: file, line: line) { logCount(text) >= count }
    }

    /// Waits until the daemon tracks `path` (and it is not pending when `ready`).
    func waitTracked(_ rpc: RPCClient, _ path: String, ready: Bool = true, file: StaticString = #filePath, line: UInt = #line) {
        eventually("\(path) tracked", timeout: 20, file: file, line: line) {
            guard let found = try? rpc.file(path) else { return false }
            return !ready || found["state"] as? String != "pending"
        }
    }

    // MARK: Files named by bytes

    func absolute(_ name: [UInt8]) -> [UInt8] { Array(daemon.root.path.utf8) + [0x2F] + name }

    /// Creates the file `name` (exact bytes, relative to the root) holding `text`, last modified
    /// `ageSeconds` ago.
    func writeFile(named name: [UInt8], _ text: String, ageSeconds: Int) throws {
        let descriptor = NativePath.withCString(absolute(name)) { Glibc.open($0, O_CREAT | O_WRONLY | O_TRUNC, 0o644) }
        guard descriptor >= 0 else { throw DaemonTestError("cannot create \(String(decoding: name, as: UTF8.self))") }
        defer { close(descriptor) }
        _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let when = timespec(tv_sec: time(nil) - ageSeconds, tv_nsec: 0)
        _ = [when, when].withUnsafeBufferPointer { futimens(descriptor, $0.baseAddress) }
    }

    func exists(named name: [UInt8]) -> Bool {
        NativePath.withCString(absolute(name)) { access($0, F_OK) } == 0
    }

    /// The names in the daemon's trash (`$XDG_DATA_HOME/Trash/files`).
    var trashed: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: daemon.home.appendingPathComponent("data/Trash/files").path)) ?? []
    }
}
