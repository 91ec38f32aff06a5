import Foundation
import XCTest

/// ext4 gives a new file the inode number of one just removed: device and inode alone would
/// take the new file for the one the menu showed. The queued action checks the birth time too,
/// and does not run on the new file. (On a file system that does not reuse the number at once,
/// the new file has another inode and is refused the same way.)
final class InodeReuseIntegrationTests: XCTestCase {
    func testANewFileUnderTheOldInodeNumberIsNotTrashed() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("sub/a.txt", "seen")
        try daemon.start(config: """
            { commands: [ { title: "Slow", argv: ["sh", "-c", "sleep 1.5", "sh", "{path}"], match: { states: ["ready", "pending", "expired"] } } ] }
            """)
        let rpc = try daemon.client()
        let slow = try rpc.openMenu(["path": "sub/a.txt"], item: "Slow")
        _ = try rpc.call("menu.select", ["menu": slow.menu, "item": slow.item])
        let trash = try rpc.openMenu(["path": "sub/a.txt"], item: "Move to Trash")
        _ = try rpc.call("menu.select", ["menu": trash.menu, "item": trash.item])
        try assertReplacedWhileQueued("sub/a.txt", behind: slow.menu, queued: trash.menu, daemon, rpc)
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: daemon.home.appendingPathComponent("data/Trash/files").path)) ?? [], [])
    }

    /// The same for a directory menu's row: the row remembers the birth time of the file it
    /// shows, so a file created under the old name (and, on ext4, the old inode number) while
    /// the row's action waits for its turn is not the one acted on.
    func testADirectoryRowDoesNotActOnANewFileUnderItsName() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "seen")
        try daemon.start(config: """
            { defaultFileAction: "files.trash",
              commands: [ { title: "Slow", argv: ["sh", "-c", "sleep 1.5", "sh", "{path}"], match: { states: ["ready", "pending", "expired"] } } ] }
            """)
        let rpc = try daemon.client()
        let slow = try rpc.openMenu(["path": "a.txt"], item: "Slow")
        _ = try rpc.call("menu.select", ["menu": slow.menu, "item": slow.item])
        let row = try rpc.openMenu(["background": true], item: "a.txt")
        _ = try rpc.call("menu.select", ["menu": row.menu, "item": row.item])
        try assertReplacedWhileQueued("a.txt", behind: slow.menu, queued: row.menu, daemon, rpc)
    }

    /// Dismisses `slow`, then `queued` (whose action waits behind it on the same file), replaces
    /// the file by a new one under the same name while it waits, and checks that the queued
    /// action is refused as `replaced` and the new file left alone.
    private func assertReplacedWhileQueued(_ path: String, behind slow: String, queued: String,
                                           _ daemon: DaemonProcess, _ rpc: RPCClient) throws {
        try rpc.send(["jsonrpc": "2.0", "id": 820, "method": "menu.dismissed", "params": ["menu": slow]])
        try rpc.send(["jsonrpc": "2.0", "id": 821, "method": "menu.dismissed", "params": ["menu": queued]])
        try eventually("the action waits for its turn") { daemon.log.contains("waits for its turn") }
        let folder = (path as NSString).deletingLastPathComponent
        let fresh = folder.isEmpty ? ".new" : folder + "/.new"
        try FileManager.default.removeItem(at: daemon.path(path))
        try Data("another file".utf8).write(to: daemon.path(fresh))
        try FileManager.default.moveItem(at: daemon.path(fresh), to: daemon.path(path))
        _ = try rpc.response(id: 820, timeoutMs: 20_000)
        let error = try XCTUnwrap(try rpc.response(id: 821, timeoutMs: 20_000)["error"] as? [String: Any])
        XCTAssertEqual(error["code"] as? Int, -32023)
        XCTAssertEqual((error["data"] as? [String: Any])?["change"] as? String, "replaced", "\(error)")
        XCTAssertEqual(try String(contentsOf: daemon.path(path), encoding: .utf8), "another file")
    }
}
