import Foundation
import Glibc
import XCTest

/// Command ids are positions (`command-0`): a config reload between the menu and the action's
/// turn can give the chosen item's id to another command. The action then does not run; the
/// client hears that the item changed, and the other command never starts.
final class ReloadedCommandIntegrationTests: XCTestCase {
    private let before = """
        { commands: [ { title: "Echo", argv: ["sh", "-c", "echo echo-ran", "sh", "{path}"] } ] }
        """
    private let after = """
        { commands: [ { title: "Shred", destructive: true, argv: ["sh", "-c", "echo shred-ran", "sh", "{path}"] },
                      { title: "Echo", argv: ["sh", "-c", "echo echo-ran", "sh", "{path}"] } ] }
        """
    private let sameTitle = """
        { commands: [ { title: "Echo", argv: ["sh", "-c", "echo other-ran", "sh", "{path}"] } ] }
        """

    private func chooseThenReload(_ daemon: DaemonProcess, to config: String) throws -> [String: Any] {
        let rpc = try daemon.client()
        let (menu, item) = try rpc.openMenu(["path": "a.txt"], item: "Echo")
        _ = try rpc.call("menu.select", ["menu": menu, "item": item])
        try config.write(to: daemon.home.appendingPathComponent("config.json5"), atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        try eventually("the config is reloaded") { daemon.log.contains("reloaded ") }
        try rpc.send(["jsonrpc": "2.0", "id": 800, "method": "menu.dismissed", "params": ["menu": menu]])
        return try rpc.response(id: 800, timeoutMs: 20_000)
    }

    func testAnotherCommandThatTookTheIdDoesNotRun() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.start(config: before)
        let response = try chooseThenReload(daemon, to: after)
        let error = try XCTUnwrap(response["error"] as? [String: Any], "\(response)")
        XCTAssertEqual(error["code"] as? Int, -32023)
        XCTAssertEqual((error["data"] as? [String: Any])?["change"] as? String, "state")
        XCTAssertTrue((error["message"] as? String ?? "").contains("the item with its id is now \"Shred\""), "\(error)")
        XCTAssertFalse(daemon.log.contains("running “Shred”"))
    }

    func testACommandWhoseArgvChangedUnderTheSameTitleDoesNotRun() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.start(config: before)
        let response = try chooseThenReload(daemon, to: sameTitle)
        let error = try XCTUnwrap(response["error"] as? [String: Any], "\(response)")
        XCTAssertEqual(error["code"] as? Int, -32023)
        XCTAssertTrue((error["message"] as? String ?? "").contains("now does something else"), "\(error)")
        XCTAssertFalse(daemon.log.contains("other-ran"))
    }
}
