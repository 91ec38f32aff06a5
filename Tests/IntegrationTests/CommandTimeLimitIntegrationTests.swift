import Foundation
import XCTest

/// A command's own `timeout` is its action's time limit instead of `actionTimeout`, both ways:
/// longer lets it finish, shorter stops it, and either counts from the dismissal, so a command
/// queued behind another on the same file can run out of time before its turn.
final class CommandTimeLimitIntegrationTests: XCTestCase {
    private let config = """
        { actionTimeout: "1s", commands: [
          { title: "Long", argv: ["sh", "-c", "sleep 2; echo done", "sh", "{path}"], timeout: "1min" },
          { title: "Quick", argv: ["sh", "-c", "echo quick", "sh", "{path}"], timeout: "1s" },
        ] }
        """

    func testACommandTimeoutLongerThanActionTimeoutLetsItFinish() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.start(config: config)
        let rpc = try daemon.client()
        let result = try rpc.pick(["path": "a.txt"], "Long")
        XCTAssertEqual((result["outcome"] as? [String: Any])?["output"] as? String, "done\n")
    }

    func testAQueuedCommandRunsOutOfItsOwnTimeWhileWaiting() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.start(config: config)
        let rpc = try daemon.client()
        let long = try rpc.openMenu(["path": "a.txt"], item: "Long")
        _ = try rpc.call("menu.select", ["menu": long.menu, "item": long.item])
        let quick = try rpc.openMenu(["path": "a.txt"], item: "Quick")
        _ = try rpc.call("menu.select", ["menu": quick.menu, "item": quick.item])
        try rpc.send(["jsonrpc": "2.0", "id": 501, "method": "menu.dismissed", "params": ["menu": long.menu]])
        try rpc.send(["jsonrpc": "2.0", "id": 502, "method": "menu.dismissed", "params": ["menu": quick.menu]])
        let waited = try XCTUnwrap(try rpc.response(id: 502, timeoutMs: 20_000)["error"] as? [String: Any])
        XCTAssertEqual(waited["code"] as? Int, -32031)
        let data = waited["data"] as? [String: Any]
        XCTAssertEqual(data?["started"] as? Bool, false)
        XCTAssertEqual(data?["limitMs"] as? Int, 1000)
        XCTAssertEqual(((try rpc.response(id: 501, timeoutMs: 20_000))["result"] as? [String: Any]).flatMap { $0["ran"] as? Bool }, true)
    }
}
