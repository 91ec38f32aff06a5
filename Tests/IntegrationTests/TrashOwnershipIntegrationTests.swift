import Foundation
import Glibc
import XCTest

/// A trash folder someone else could control (another user's, or writable by others) is never
/// used: a file moved in would be theirs to read, keep or swap. The daemon refuses and the file
/// stays where it was.
final class TrashOwnershipIntegrationTests: XCTestCase {
    private func trashError(_ daemon: DaemonProcess) throws -> RPCClient.Failure {
        let rpc = try daemon.client()
        do {
            _ = try rpc.pick(["path": "a.txt"], "Move to Trash")
        } catch let failure as RPCClient.Failure {
            return failure
        }
        throw DaemonTestError("Move to Trash ran")
    }

    func testATrashFilesFolderOthersCanWriteToIsRefused() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        // Made before the daemon ever trashed anything, by someone else, open to all.
        let files = daemon.home.appendingPathComponent("data/Trash/files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(files.path, 0o777), 0)
        try daemon.start()
        let failure = try trashError(daemon)
        XCTAssertEqual(failure.code, -32030)
        XCTAssertTrue(failure.message.contains("\(files.path) can be written by other users"), failure.message)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: files.path), [])
        XCTAssertEqual(try String(contentsOf: daemon.path("a.txt"), encoding: .utf8), "a")
    }

    func testASweepThatFailsForEveryFileAnswersInAFewSentences() throws {
        let daemon = try DaemonProcess()
        for index in 0..<12 { try daemon.writeReady("old\(index).txt", "o") }
        let files = daemon.home.appendingPathComponent("data/Trash/files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(files.path, 0o777), 0)
        try daemon.start(config: "{ expireAfter: \"1s\" }")
        let rpc = try daemon.client()
        eventually("every file expired", timeout: 20) { ((try? rpc.list()) ?? []).filter { $0["state"] as? String == "expired" }.count == 12 }
        XCTAssertThrowsError(try rpc.pick(["background": true], "Move Expired Files to Trash")) { error in
            let message = (error as? RPCClient.Failure)?.message ?? "\(error)"
            XCTAssertEqual(message.components(separatedBy: "can be written by other users").count - 1, 5, message)
            XCTAssertTrue(message.contains("And 7 more failed"), message)
        }
        XCTAssertEqual(daemon.log.components(separatedBy: "WARNING files: ").count - 1, 12, "the log names each")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: files.path), [])
    }

    func testATrashFolderOfAnotherUserIsRefused() throws {
        try XCTSkipUnless(geteuid() == 0, "giving a folder to another user needs root")
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        let trash = daemon.home.appendingPathComponent("data/Trash")
        try FileManager.default.createDirectory(at: trash, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(trash.path, 0o700), 0)
        XCTAssertEqual(chown(trash.path, 4242, 4242), 0)
        try daemon.start()
        let failure = try trashError(daemon)
        XCTAssertEqual(failure.code, -32030)
        XCTAssertTrue(failure.message.contains("\(trash.path) belongs to another user (uid 4242)"), failure.message)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash.path), [])
        XCTAssertEqual(try String(contentsOf: daemon.path("a.txt"), encoding: .utf8), "a")
    }
}
