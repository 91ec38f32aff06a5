import Foundation
import XCTest

/// A removed directory's files are forgotten a slice at a time; a directory made again at the
/// same place meanwhile keeps what is in it now.
final class TreeWatchRemovalIntegrationTests: XCTestCase {
    private func paths(_ rpc: RPCClient) throws -> Set<String> {
        var found: Set<String> = []
        var offset = 0
        while true {
            let page = try rpc.call("files.list", ["offset": offset, "limit": 5000, "fields": ["path"]])
            let files = (page["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
            found.formUnion(files)
            offset += files.count
            if files.isEmpty || offset >= page["total"] as? Int ?? 0 { return found }
        }
    }

    func testALargeDirectoryRemovedAndMadeAgainKeepsOnlyItsNewFiles() throws {
        let daemon = try DaemonProcess()
        let big = daemon.path("big")
        try FileManager.default.createDirectory(at: big, withIntermediateDirectories: true)
        let count = 10_000  // more than two slices of removals
        for index in 0..<count {
            XCTAssertTrue(FileManager.default.createFile(atPath: big.appendingPathComponent("f\(index)").path, contents: nil))
        }
        try daemon.writeReady("keep.txt", "k")
        try daemon.start(settle: "300ms")
        let rpc = try daemon.client()
        try eventually("every file is tracked", timeout: 60) {
            (try rpc.call("daemon.status")["files"] as? [String: Any])?["total"] as? Int == count + 1
        }

        try FileManager.default.removeItem(at: big)
        try eventually("the removed directory's files are forgotten", timeout: 60) { try self.paths(rpc) == ["keep.txt"] }

        // Made again: every file is tracked again.
        try FileManager.default.createDirectory(at: big, withIntermediateDirectories: true)
        for index in 0..<count {
            XCTAssertTrue(FileManager.default.createFile(atPath: big.appendingPathComponent("f\(index)").path, contents: nil))
        }
        try eventually("the files are tracked again", timeout: 60) {
            (try rpc.call("daemon.status")["files"] as? [String: Any])?["total"] as? Int == count + 1
        }
        // Removed and made again at once: whatever slices of the removal are left must not
        // take the new files away.
        try FileManager.default.removeItem(at: big)
        try daemon.write("big/f1", "again")
        try daemon.write("big/new.txt", "new")
        try eventually("only the new directory's files are left", timeout: 60) {
            try self.paths(rpc) == ["keep.txt", "big/f1", "big/new.txt"]
        }
        usleep(1_000_000)  // a poll or late slice would show here
        XCTAssertEqual(try paths(rpc), ["keep.txt", "big/f1", "big/new.txt"])
        XCTAssertEqual(daemon.stop(), 0)
    }
}
