import Foundation
import XCTest

/// The watched folder itself moved away and its path given to another folder (here a link to
/// a folder outside) between the menu and the dismissal: a directory-wide action (here a command
/// run in the folder) is for the folder the person saw, so it does not run, not even once the
/// daemon has taken the new folder as its root.
final class RootSwapIntegrationTests: XCTestCase {
    private let config = """
        { expireAfter: "1s", commands: [ { title: "Where", argv: ["sh", "-c", "pwd -P; ls"] } ] }
        """

    private func prepare(_ daemon: DaemonProcess) throws -> URL {
        let outside = daemon.home.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("outside".utf8).write(to: outside.appendingPathComponent("old.txt"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)],
                                              ofItemAtPath: outside.appendingPathComponent("old.txt").path)
        return outside
    }

    private func swapRoot(_ daemon: DaemonProcess, for outside: URL) throws {
        try FileManager.default.moveItem(at: daemon.root, to: daemon.home.appendingPathComponent("root-away"))
        try FileManager.default.createSymbolicLink(at: daemon.root, withDestinationURL: outside)
    }

    private func refusal(_ rpc: RPCClient, menu: String, id: Int) throws -> [String: Any] {
        try rpc.send(["jsonrpc": "2.0", "id": id, "method": "menu.dismissed", "params": ["menu": menu]])
        let response = try rpc.response(id: id, timeoutMs: 20_000)
        return try XCTUnwrap(response["error"] as? [String: Any], "the action ran: \(response)")
    }

    /// Opens the directory menu, chooses "Where" (a command run in the folder), then puts
    /// another folder in the root's place before the dismissal.
    private func chooseWhereThenSwapTheRoot() throws -> (DaemonProcess, RPCClient, String) {
        let daemon = try DaemonProcess()
        let outside = try prepare(daemon)
        try daemon.start(config: config)
        let rpc = try daemon.client()
        let (menu, item) = try rpc.openMenu(["background": true], item: "Where")
        _ = try rpc.call("menu.select", ["menu": menu, "item": item])
        try swapRoot(daemon, for: outside)
        return (daemon, rpc, menu)
    }

    func testADirectoryCommandDoesNotRunInAFolderThatTookTheRootsPlace() throws {
        let (daemon, rpc, menu) = try chooseWhereThenSwapTheRoot()
        let error = try refusal(rpc, menu: menu, id: 900)
        XCTAssertEqual(error["code"] as? Int, -32023)
        let data = error["data"] as? [String: Any]
        XCTAssertEqual(data?["path"] as? String, "")
        XCTAssertTrue(["unreachable", "replaced"].contains(data?["change"] as? String ?? ""), "\(error)")
        XCTAssertFalse(daemon.log.contains("running “Where”"), "the command never started")
    }

    func testAMenuOpenedOnTheOldRootActsOnNothingOnceTheNewOneIsWatched() throws {
        let (daemon, rpc, menu) = try chooseWhereThenSwapTheRoot()
        // The daemon takes whatever folder its root's path names as its root again.
        eventually("the new folder's file is tracked", timeout: 30) { (try? rpc.file("old.txt"))?["state"] as? String == "expired" }
        let error = try refusal(rpc, menu: menu, id: 901)
        XCTAssertEqual(error["code"] as? Int, -32023)
        XCTAssertEqual((error["data"] as? [String: Any])?["change"] as? String, "replaced")
        XCTAssertFalse(daemon.log.contains("running “Where”"), "the command never started")
    }
}
