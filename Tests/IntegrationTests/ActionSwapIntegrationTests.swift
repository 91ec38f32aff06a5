import Foundation
import XCTest

/// Names swapped under a menu or a queued action (a folder for a link leading out of the root,
/// the file for another file, a folder or a link): the action does not run, nothing outside the
/// root is touched, and the client hears which file changed and how.
final class ActionSwapIntegrationTests: XCTestCase {
    private var outside: URL!

    /// root/sub/f.txt, and outside the root a folder with its own f.txt that a link can lead to.
    private func prepare(_ daemon: DaemonProcess) throws {
        outside = daemon.home.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("outside".utf8).write(to: outside.appendingPathComponent("f.txt"))
        try daemon.writeReady("sub/f.txt", "inside")
    }

    /// `sub` becomes a link to the outside folder.
    private func swapForLink(_ daemon: DaemonProcess) throws {
        try FileManager.default.moveItem(at: daemon.path("sub"), to: daemon.path("sub-away"))
        try FileManager.default.createSymbolicLink(at: daemon.path("sub"), withDestinationURL: outside)
    }

    private func swapBack(_ driver: ActionTestDriver, _ rpc: RPCClient) throws {
        try FileManager.default.removeItem(at: driver.daemon.path("sub"))
        try FileManager.default.moveItem(at: driver.daemon.path("sub-away"), to: driver.daemon.path("sub"))
        driver.waitTracked(rpc, "sub/f.txt")
    }

    private func assertOutsideUntouched(_ driver: ActionTestDriver, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: outside.path)) ?? [], ["f.txt"], "nothing made or renamed outside", file: file, line: line)
        XCTAssertEqual(try? String(contentsOf: outside.appendingPathComponent("f.txt"), encoding: .utf8), "outside", file: file, line: line)
        XCTAssertEqual(driver.trashed, [], "nothing trashed", file: file, line: line)
    }

    func testAQueuedActionWhoseFolderBecameALinkOutsideDoesNotRun() throws {
        let daemon = try DaemonProcess()
        try prepare(daemon)
        let driver = try ActionTestDriver.start(daemon)
        let first = try daemon.client()
        let second = try daemon.client()
        for (round, (title, input)) in [("Duplicate", nil), ("Rename…", "renamed.txt"), ("Move to Trash", nil), ("SHA-256", nil)].enumerated() {
            let slow = try driver.select(first, ["path": "sub/f.txt"], "Wait")
            let queued = try driver.select(second, ["path": "sub/f.txt"], title)
            try driver.dismiss(first, slow, input: "1500", id: 10 + round)
            driver.waitForLog("probe: waiting", count: round + 1)
            try driver.dismiss(second, queued, input: input, id: 20 + round)
            driver.waitForLog("waits for its turn", count: round + 1)
            try swapForLink(daemon)
            XCTAssertNotNil(try first.response(id: 10 + round, timeoutMs: 20_000)["result"])
            let refused = try XCTUnwrap(ActionTestDriver.error(try second.response(id: 20 + round, timeoutMs: 20_000)), title)
            XCTAssertEqual(refused["code"] as? Int, -32023, title)
            let data = refused["data"] as? [String: Any]
            XCTAssertEqual(data?["change"] as? String, "replaced", title)
            XCTAssertEqual(data?["path"] as? String, "sub/f.txt", title)
            assertOutsideUntouched(driver)
            try swapBack(driver, first)
        }
        XCTAssertEqual(try String(contentsOf: daemon.path("sub/f.txt"), encoding: .utf8), "inside")
    }

    /// The swap and the dismissal reach the daemon at once (it is stopped meanwhile), in both
    /// orders: the dismissal first, so the action is acknowledged before the daemon hears of the
    /// swap, and the swap first.
    func testSwappingThenDismissingAtOnceNeverActsOutside() throws {
        let daemon = try DaemonProcess()
        try prepare(daemon)
        let driver = try ActionTestDriver.start(daemon)
        let rpc = try daemon.client()
        for round in 0..<30 {
            let menuId = try driver.select(rpc, ["path": "sub/f.txt"], "Duplicate")
            try driver.whileFrozen {
                if round % 2 == 0 {
                    try driver.dismiss(rpc, menuId, id: 1000 + round)
                    try swapForLink(daemon)
                } else {
                    try swapForLink(daemon)
                    try driver.dismiss(rpc, menuId, id: 1000 + round)
                }
            }
            let answer = try rpc.response(id: 1000 + round, timeoutMs: 20_000)
            // Refused by the check when the action's turn came, or earlier when the daemon saw
            // the swap first.
            XCTAssertEqual(ActionTestDriver.error(answer)?["code"] as? Int, -32023, "round \(round): \(answer)")
            assertOutsideUntouched(driver)
            rpc.notifications.removeAll()
            try swapBack(driver, rpc)
        }
    }

    /// "Move Expired Files to Trash" takes its files when it runs: one whose folder became a link
    /// out of the root is not among them (beyond the listed rows, the swap closes no menu).
    func testMoveExpiredFilesNeverFollowsAFolderSwappedForALink() throws {
        let daemon = try DaemonProcess()
        let driver = ActionTestDriver(daemon: daemon)
        for index in 0...1000 { try driver.writeFile(named: Array(String(format: "a%04d.txt", index).utf8), "x", ageSeconds: 7200) }
        outside = daemon.home.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("outside".utf8).write(to: outside.appendingPathComponent("f.txt"))
        try daemon.write("zsub/f.txt", "inside")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: daemon.path("zsub/f.txt").path)
        try ActionTestDriver.start(daemon, config: ActionTestDriver.config(#"expireAfter: "1h""#))
        let rpc = try daemon.client()
        XCTAssertEqual(try rpc.file("zsub/f.txt")["state"] as? String, "expired")
        let menuId = try driver.select(rpc, ["background": true], "Move Expired Files to Trash")
        try FileManager.default.moveItem(at: daemon.path("zsub"), to: daemon.home.appendingPathComponent("zsub-away"))
        try FileManager.default.createSymbolicLink(at: daemon.path("zsub"), withDestinationURL: outside)
        XCTAssertEqual(try rpc.call("menu.dismissed", ["menu": menuId], timeoutMs: 60_000)["ran"] as? Bool, true)
        XCTAssertEqual(try String(contentsOf: outside.appendingPathComponent("f.txt"), encoding: .utf8), "outside", "the outside file stays")
        XCTAssertEqual(driver.trashed.count, 1001, "only the files inside went")
        XCTAssertFalse(driver.trashed.contains("f.txt"))
    }

    /// The file itself replaced while its action waits: by another file, a folder, a link.
    func testAFileReplacedBeforeItsTurnIsNotActedOn() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("f.txt", "original")
        let driver = try ActionTestDriver.start(daemon)
        let first = try daemon.client()
        let second = try daemon.client()
        let replacements: [(String, () throws -> Void)] = [
            ("replaced", {
                try Data("impostor".utf8).write(to: daemon.path("impostor.tmp"))
                _ = rename(daemon.path("impostor.tmp").path, daemon.path("f.txt").path)
            }),
            ("type", {
                try FileManager.default.removeItem(at: daemon.path("f.txt"))
                try FileManager.default.createDirectory(at: daemon.path("f.txt"), withIntermediateDirectories: false)
            }),
            ("type", {
                try FileManager.default.removeItem(at: daemon.path("f.txt"))
                try FileManager.default.createSymbolicLink(atPath: daemon.path("f.txt").path, withDestinationPath: "/etc/hostname")
            }),
        ]
        for (round, (change, replace)) in replacements.enumerated() {
            let slow = try driver.select(first, ["path": "f.txt"], "Wait")
            let queued = try driver.select(second, ["path": "f.txt"], "Duplicate")
            try driver.dismiss(first, slow, input: "1500", id: 10 + round)
            driver.waitForLog("probe: waiting", count: round + 1)
            try driver.dismiss(second, queued, id: 20 + round)
            driver.waitForLog("waits for its turn", count: round + 1)
            try replace()
            XCTAssertNotNil(try first.response(id: 10 + round, timeoutMs: 20_000)["result"])
            let refused = try XCTUnwrap(ActionTestDriver.error(try second.response(id: 20 + round, timeoutMs: 20_000)))
            XCTAssertEqual(refused["code"] as? Int, -32023, "round \(round)")
            XCTAssertEqual((refused["data"] as? [String: Any])?["change"] as? String, change, "round \(round): \(refused)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: daemon.path("f copy.txt").path), "round \(round): nothing duplicated")
            // Back to a plain file for the next round.
            try? FileManager.default.removeItem(at: daemon.path("f.txt"))
            try daemon.writeReady("f.txt", "original")
            driver.waitTracked(first, "f.txt")
        }
    }

    /// Replaced between the menu and its dismissal, with nothing queued: the daemon gets the
    /// dismissal before it hears of the replacement, so its check when the action starts is what
    /// refuses it.
    func testAFileReplacedBetweenOpenAndDismissalIsNotActedOn() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("f.txt", "original")
        let driver = try ActionTestDriver.start(daemon)
        let rpc = try daemon.client()
        for (round, makeFolder) in [false, true].enumerated() {
            let menuId = try driver.select(rpc, ["path": "f.txt"], "Duplicate")
            try driver.whileFrozen {
                try driver.dismiss(rpc, menuId, id: 1000 + round)
                if makeFolder {
                    try FileManager.default.removeItem(at: daemon.path("f.txt"))
                    try FileManager.default.createDirectory(at: daemon.path("f.txt"), withIntermediateDirectories: false)
                } else {
                    // Renamed over it, so the impostor surely has another inode.
                    try Data("impostor".utf8).write(to: daemon.path("impostor.tmp"))
                    _ = rename(daemon.path("impostor.tmp").path, daemon.path("f.txt").path)
                }
            }
            let refused = try XCTUnwrap(ActionTestDriver.error(try rpc.response(id: 1000 + round, timeoutMs: 20_000)))
            XCTAssertEqual(refused["code"] as? Int, -32023, "\(refused)")
            XCTAssertEqual((refused["data"] as? [String: Any])?["change"] as? String, makeFolder ? "type" : "replaced", "\(refused)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: daemon.path("f copy.txt").path))
            try FileManager.default.removeItem(at: daemon.path("f.txt"))
            try daemon.writeReady("f.txt", "original")
            rpc.notifications.removeAll()
            driver.waitTracked(rpc, "f.txt")
        }
    }
}
