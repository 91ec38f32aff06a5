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
        try rpc.send(["jsonrpc": "2.0", "id": 820, "method": "menu.dismissed", "params": ["menu": slow.menu]])
        try rpc.send(["jsonrpc": "2.0", "id": 821, "method": "menu.dismissed", "params": ["menu": trash.menu]])
        try eventually("the trash waits for its turn") { daemon.log.contains("waits for its turn") }
        try FileManager.default.removeItem(at: daemon.path("sub/a.txt"))
        try Data("another file".utf8).write(to: daemon.path("sub/.new"))
        try FileManager.default.moveItem(at: daemon.path("sub/.new"), to: daemon.path("sub/a.txt"))
        _ = try rpc.response(id: 820, timeoutMs: 20_000)
        let error = try XCTUnwrap(try rpc.response(id: 821, timeoutMs: 20_000)["error"] as? [String: Any])
        XCTAssertEqual(error["code"] as? Int, -32023)
        XCTAssertEqual((error["data"] as? [String: Any])?["change"] as? String, "replaced")
        XCTAssertEqual(try String(contentsOf: daemon.path("sub/a.txt"), encoding: .utf8), "another file")
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: daemon.home.appendingPathComponent("data/Trash/files").path)) ?? [], [])
    }
}
