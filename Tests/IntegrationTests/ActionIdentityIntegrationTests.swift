import Foundation
import XCTest

/// Actions act only on the file the person saw: exact name bytes, the same file, its state now.
final class ActionIdentityIntegrationTests: XCTestCase {
    /// `bad\xff.txt`, and its twin holding what the bad name decodes to, `bad\u{FFFD}.txt`.
    let bad: [UInt8] = Array("bad".utf8) + [0xFF] + Array(".txt".utf8)
    let twin: [UInt8] = Array("bad\u{FFFD}.txt".utf8)

    /// The directory menu's file rows, in files.list order (bytewise: the twin's 0xEF before 0xFF).
    private func rows(_ driver: ActionTestDriver, _ menu: [String: Any]) -> [[String: Any]] {
        driver.items(menu).filter { $0["plugin"] as? String == nil && $0["children"] == nil && $0["badge"] != nil }
    }

    func testADirectoryRowActsOnItsExactNameNeverOnItsTwin() throws {
        let driver = ActionTestDriver(daemon: try DaemonProcess())
        try driver.writeFile(named: bad, "bad", ageSeconds: 3600)
        try driver.writeFile(named: twin, "twin", ageSeconds: 3600)
        try ActionTestDriver.start(driver.daemon, config: ActionTestDriver.config(#"defaultFileAction: "probe.report""#))
        let rpc = try driver.daemon.client()
        let listed = try rpc.list()
        XCTAssertEqual(listed.count, 2)
        XCTAssertEqual(listed.compactMap { $0["path"] as? String }, ["bad\u{FFFD}.txt", "bad\u{FFFD}.txt"], "the two look alike")
        for (index, expected) in [twin, bad].enumerated() {
            let menu = try driver.open(rpc, ["background": true])
            let row = rows(driver, menu)[index]
            _ = try rpc.call("menu.select", ["menu": menu["id"] as Any, "item": row["id"] as Any])
            let result = try rpc.call("menu.dismissed", ["menu": menu["id"] as Any], timeoutMs: 20_000)
            let output = try XCTUnwrap((result["outcome"] as? [String: Any])?["output"] as? String)
            XCTAssertEqual(output.split(separator: " ").first.map(String.init), Data(expected).base64EncodedString(),
                           "row \(index) acts on its own bytes")
        }
        // A plugin that reads names as text never sees the bad name: the example plugin offers
        // Greet for the twin only.
        let badMenu = try driver.open(rpc, ["pathBase64": Data(bad).base64EncodedString()])
        XCTAssertFalse(driver.items(badMenu).contains { $0["plugin"] as? String == "hello" })
        XCTAssertTrue(driver.items(badMenu).contains { $0["plugin"] as? String == "probe" })
        let twinMenu = try driver.open(rpc, ["path": "bad\u{FFFD}.txt"])
        XCTAssertTrue(driver.items(twinMenu).contains { $0["plugin"] as? String == "hello" })
    }

    /// Whether the files plugin is given names that are not valid UTF-8 (it is once it works
    /// from their bytes); until then it must simply not act on them.
    private func filesPluginTakesBadNames(_ driver: ActionTestDriver, _ rpc: RPCClient) throws -> Bool {
        let menu = try driver.open(rpc, ["pathBase64": Data(bad).base64EncodedString()])
        _ = try? rpc.call("menu.cancel", ["menu": menu["id"] as Any])
        return driver.items(menu).contains { $0["plugin"] as? String == "files" }
    }

    func testTrashingTheBadNamesRowNeverTrashesItsTwin() throws {
        let driver = ActionTestDriver(daemon: try DaemonProcess())
        try driver.writeFile(named: bad, "bad", ageSeconds: 3600)
        try driver.writeFile(named: twin, "twin", ageSeconds: 3600)
        try ActionTestDriver.start(driver.daemon, config: ActionTestDriver.config(#"defaultFileAction: "files.trash""#))
        let rpc = try driver.daemon.client()
        let takesBadNames = try filesPluginTakesBadNames(driver, rpc)
        let menu = try driver.open(rpc, ["background": true])
        let row = rows(driver, menu)[1]
        XCTAssertEqual(row["disabled"] as? Bool ?? false, !takesBadNames, "the row is usable exactly when its action works from bytes")
        if takesBadNames {
            _ = try rpc.call("menu.select", ["menu": menu["id"] as Any, "item": row["id"] as Any])
            XCTAssertEqual(try rpc.call("menu.dismissed", ["menu": menu["id"] as Any], timeoutMs: 20_000)["ran"] as? Bool, true)
            XCTAssertFalse(driver.exists(named: bad), "the bad name went to the trash")
        } else {
            XCTAssertThrowsError(try rpc.call("menu.select", ["menu": menu["id"] as Any, "item": row["id"] as Any]))
            XCTAssertTrue(driver.exists(named: bad))
        }
        XCTAssertTrue(driver.exists(named: twin), "the twin is never touched")
        XCTAssertEqual(try String(contentsOfFile: driver.daemon.path("bad\u{FFFD}.txt").path, encoding: .utf8), "twin")
    }

    func testMoveExpiredFilesNeverTrashesAFreshTwin() throws {
        let driver = ActionTestDriver(daemon: try DaemonProcess())
        try driver.writeFile(named: bad, "bad", ageSeconds: 7200)
        try driver.writeFile(named: twin, "twin", ageSeconds: 30)
        try driver.writeFile(named: Array("old.txt".utf8), "old", ageSeconds: 7200)
        try ActionTestDriver.start(driver.daemon, config: ActionTestDriver.config(#"expireAfter: "1h""#))
        let rpc = try driver.daemon.client()
        XCTAssertEqual(try rpc.list().compactMap { $0["state"] as? String }.sorted(), ["expired", "expired", "ready"])
        let takesBadNames = try filesPluginTakesBadNames(driver, rpc)
        let menuId = try driver.select(rpc, ["background": true], "Move Expired Files to Trash")
        XCTAssertEqual(try rpc.call("menu.dismissed", ["menu": menuId], timeoutMs: 20_000)["ran"] as? Bool, true)
        XCTAssertTrue(driver.exists(named: twin), "the fresh twin stays")
        XCTAssertFalse(driver.exists(named: Array("old.txt".utf8)), "the expired file went")
        XCTAssertEqual(driver.exists(named: bad), !takesBadNames, "the expired bad name goes exactly when its plugin works from bytes")
        XCTAssertEqual(driver.trashed.count, takesBadNames ? 2 : 1)
    }

    func testAFileRewrittenAfterTheDirectoryMenuOpenedIsNotMovedWithTheExpiredOnes() throws {
        let driver = ActionTestDriver(daemon: try DaemonProcess())
        // More files than the menu lists, so a change to the last one does not close the menu.
        for index in 0...1000 { try driver.writeFile(named: Array(String(format: "a%04d.txt", index).utf8), "x", ageSeconds: 7200) }
        try driver.writeFile(named: Array("z.txt".utf8), "old", ageSeconds: 7200)
        try ActionTestDriver.start(driver.daemon, config: ActionTestDriver.config(#"expireAfter: "1h""#))
        let rpc = try driver.daemon.client()
        XCTAssertEqual(try rpc.file("z.txt")["state"] as? String, "expired")
        let menuId = try driver.select(rpc, ["background": true], "Move Expired Files to Trash")
        try driver.daemon.write("z.txt", "new content")
        eventually("z.txt is pending") { (try? rpc.file("z.txt"))?["state"] as? String == "pending" }
        let result = try rpc.call("menu.dismissed", ["menu": menuId], timeoutMs: 60_000)
        XCTAssertEqual(result["ran"] as? Bool, true)
        XCTAssertEqual(try String(contentsOf: driver.daemon.path("z.txt"), encoding: .utf8), "new content", "the pending file stays")
        XCTAssertFalse(driver.exists(named: Array("a0000.txt".utf8)))
        XCTAssertFalse(driver.exists(named: Array("a1000.txt".utf8)))
        XCTAssertEqual(driver.trashed.count, 1001)
    }

    func testAnItemNoLongerOfferedForTheFileAsItIsNowDoesNotRun() throws {
        let driver = ActionTestDriver(daemon: try DaemonProcess())
        try driver.daemon.writeReady("f.txt", "f")
        // A settle time longer than the wait, so the rewritten file is still pending at its turn.
        try ActionTestDriver.start(driver.daemon, settle: "10s")
        let first = try driver.daemon.client()
        let second = try driver.daemon.client()
        let waiting = try driver.select(first, ["path": "f.txt"], "Wait")
        let ready = try driver.select(second, ["path": "f.txt"], "Report Ready")
        try driver.dismiss(first, waiting, input: "1500", id: 101)
        driver.waitForLog("probe: waiting")
        try driver.dismiss(second, ready, id: 102)
        driver.waitForLog("waits for its turn")
        // Written again while it waits: pending, and "Report Ready" is disabled for pending files.
        try driver.daemon.write("f.txt", "rewritten")
        XCTAssertNotNil(try first.response(id: 101, timeoutMs: 20_000)["result"])
        let refused = try XCTUnwrap(ActionTestDriver.error(try second.response(id: 102, timeoutMs: 20_000)))
        XCTAssertEqual(refused["code"] as? Int, -32023)
        let data = try XCTUnwrap(refused["data"] as? [String: Any])
        XCTAssertEqual(data["change"] as? String, "state")
        XCTAssertEqual(data["path"] as? String, "f.txt")
        XCTAssertTrue((refused["message"] as? String ?? "").contains("pending"), "\(refused)")
    }
}
