import Foundation
import XCTest

/// Past the cap on inotify watches (`maxWatches`): the directories without a watch are polled,
/// the daemon keeps answering, sees what changes in them, gives freed watches to them, and
/// stops on SIGTERM.
final class TreeWatchLimitIntegrationTests: XCTestCase {
    private func status(_ rpc: RPCClient) throws -> (watched: Int?, polled: Int?, total: Int?) {
        let status = try rpc.call("daemon.status")
        return (status["watchedDirectories"] as? Int, status["unwatchedDirectories"] as? Int,
                (status["files"] as? [String: Any])?["total"] as? Int)
    }

    private func paths(_ rpc: RPCClient) throws -> Set<String> {
        Set(try rpc.list().compactMap { $0["path"] as? String })
    }

    func testPastTheWatchCapDirectoriesArePolledAndTheDaemonAnswersAndStops() throws {
        let daemon = try DaemonProcess()
        let folders = 60
        let name = { (index: Int) in String(format: "d%02d", index) }
        for index in 0..<folders { try daemon.writeReady("\(name(index))/file.txt", "\(index)") }
        try daemon.start(settle: "1s", config: "{ maxWatches: 20 }")
        let rpc = try daemon.client()

        // The root and 19 folders are watched; the other 41 folders are polled.
        let status = try rpc.call("daemon.status")
        XCTAssertEqual(status["watchedDirectories"] as? Int, 20, "\(status)")
        XCTAssertEqual(status["unwatchedDirectories"] as? Int, folders + 1 - 20, "\(status)")
        XCTAssertEqual(status["watchLimit"] as? Int, 20, "\(status)")
        XCTAssertEqual(status["rescanIntervalMs"] as? Int, 1000, "\(status)")
        XCTAssertEqual((status["files"] as? [String: Any])?["total"] as? Int, folders, "\(status)")
        XCTAssertTrue(daemon.log.contains("maxWatches (20) is reached"), daemon.log)
        XCTAssertTrue(daemon.log.contains("rescanned every 1 s instead"), daemon.log)

        // Created, changed and removed files are seen in every folder, polled or watched, and
        // so is a folder made inside one.
        for index in 0..<folders {
            try daemon.write("\(name(index))/new.txt", String(repeating: "n", count: index + 1))
        }
        try FileManager.default.removeItem(at: daemon.path("d00/file.txt"))
        try FileManager.default.removeItem(at: daemon.path("d01"))
        try daemon.write("d02/inner/deep.txt", "deep")
        var expected = Set((0..<folders).flatMap { ["\(name($0))/file.txt", "\(name($0))/new.txt"] })
        expected.subtract(["d00/file.txt", "d01/file.txt", "d01/new.txt"])
        expected.insert("d02/inner/deep.txt")
        try eventually("every change is seen, in polled folders too", timeout: 60) { try self.paths(rpc) == expected }
        let sizes = Dictionary(uniqueKeysWithValues: try rpc.list().compactMap { file in
            (file["path"] as? String).map { ($0, file["size"] as? Int ?? -1) }
        })
        for index in 2..<folders { XCTAssertEqual(sizes["\(name(index))/new.txt"], index + 1, name(index)) }

        // Folders removed give their watches back: the polled ones left get them. With d02 to d51
        // gone, the root, d00 and d52 to d59 are left, ten directories: every one is watched.
        for index in 2..<52 { try FileManager.default.removeItem(at: daemon.path(name(index))) }
        try eventually("every remaining folder is watched", timeout: 60) {
            let now = try self.status(rpc)
            return now.watched == 10 && now.polled == 0
        }
        try daemon.write("d59/watched.txt", "w")
        try eventually("a file in a folder that was polled is seen", timeout: 30) { try self.paths(rpc).contains("d59/watched.txt") }

        XCTAssertEqual(daemon.stop(signal: SIGTERM, timeout: 20), 0, "menud exits on SIGTERM past the watch limit:\n\(daemon.log)")
    }

    func testARaisedCapGivesPolledDirectoriesWatchesAndABadOneIsRefused() throws {
        let daemon = try DaemonProcess()
        for index in 0..<12 { try daemon.writeReady("d\(index)/file.txt", "\(index)") }
        try daemon.start(config: "{ maxWatches: 5 }")
        let rpc = try daemon.client()
        let before = try status(rpc)
        XCTAssertEqual(before.watched, 5)
        XCTAssertEqual(before.polled, 13 - 5)

        try "{ maxWatches: 100 }".write(to: daemon.home.appendingPathComponent("config.json5"), atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        try eventually("after the reload every directory is watched", timeout: 30) {
            let now = try self.status(rpc)
            return now.watched == 13 && now.polled == 0
        }
        XCTAssertEqual(try rpc.call("daemon.status")["watchLimit"] as? Int, 100)

        let refused = try DaemonProcess()
        XCTAssertThrowsError(try refused.start(config: "{ maxWatches: 0 }"))
        XCTAssertTrue(refused.log.contains("maxWatches"), refused.log)
    }
}
