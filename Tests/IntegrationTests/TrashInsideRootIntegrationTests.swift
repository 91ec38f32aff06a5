import Foundation
import XCTest

/// The trash inside the watched folder (here the home trash of a watched home): the trashed
/// file and its `.trashinfo` are tracked like any file and expire, yet "Move Expired Files to
/// Trash" never moves them again, which would scramble the trash (info files moved into
/// `files/`, entries without their info).
final class TrashInsideRootIntegrationTests: XCTestCase {
    func testMoveExpiredLeavesTheTrashsOwnFiles() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("old.txt", "o")
        let dataHome = daemon.root.appendingPathComponent("data")
        try daemon.start(config: "{ expireAfter: \"1s\" }", environment: ["XDG_DATA_HOME": dataHome.path])
        let rpc = try daemon.client()
        _ = try rpc.pick(["path": "old.txt"], "Move to Trash")
        eventually("the trashed file and its info are tracked and expired", timeout: 20) {
            let states = ((try? rpc.list()) ?? []).compactMap { $0["state"] as? String }
            return states.count == 2 && states.allSatisfy { $0 == "expired" }
        }
        let result = try rpc.pick(["background": true], "Move Expired Files to Trash")
        let message = (result["outcome"] as? [String: Any])?["message"] as? String ?? ""
        XCTAssertTrue(message.contains("left 2 already in the Trash"), message)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dataHome.path + "/Trash/files"), ["old.txt"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dataHome.path + "/Trash/info"), ["old.txt.trashinfo"])
    }
}
