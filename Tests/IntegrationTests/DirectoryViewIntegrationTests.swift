import Foundation
import Glibc
import MenudNative
import XCTest

/// The directory menu of a folder with more files than it lists, and the directory-wide actions
/// that find their files as they run: the rows are the folder's first files, the rest a count;
/// an action acts on the files as they are when it runs, each by its exact name.
final class DirectoryViewIntegrationTests: XCTestCase {
    /// `bad\xff.txt`, and its twin holding what the bad name decodes to, `bad\u{FFFD}.txt`.
    let bad: [UInt8] = Array("bad".utf8) + [0xFF] + Array(".txt".utf8)
    let twin: [UInt8] = Array("bad\u{FFFD}.txt".utf8)

    private func name(_ index: Int) -> [UInt8] { Array(String(format: "f%04d.txt", index).utf8) }

    /// The directory menu's group of file rows, and the other groups by plugin.
    private func groups(_ menu: [String: Any]) throws -> (rows: [[String: Any]], plugins: [String: [[String: Any]]]) {
        let top = menu["items"] as? [[String: Any]] ?? []
        let files = try XCTUnwrap(top.first { $0["plugin"] as? String == nil }, "the file rows' group")
        var plugins: [String: [[String: Any]]] = [:]
        for group in top where group["plugin"] as? String != nil {
            plugins[group["plugin"] as! String] = ActionTestDriver.flatten(group["children"] as? [[String: Any]] ?? [])
        }
        return (files["children"] as? [[String: Any]] ?? [], plugins)
    }

    func testTheMenuOfMoreThanAThousandFilesListsTheFirstThousandAndCountsTheRest() throws {
        let driver = ActionTestDriver(daemon: try DaemonProcess())
        for index in 0..<1_250 {
            // Sizes and ages vary, so rows differ in their detail and state.
            try driver.writeFile(named: name(index), String(repeating: "x", count: index % 7 * 300), ageSeconds: index % 3 == 0 ? 7200 : 600)
        }
        try driver.writeFile(named: bad, "bad", ageSeconds: 7200)
        try driver.writeFile(named: twin, "twin", ageSeconds: 600)
        try ActionTestDriver.start(driver.daemon, config: ActionTestDriver.config(#"expireAfter: "1h", defaultFileAction: "files.inspect""#))
        let rpc = try driver.daemon.client()
        let listed = try rpc.list()
        XCTAssertEqual(listed.count, 1_252)
        let expired = listed.filter { $0["state"] as? String == "expired" }.count
        XCTAssertEqual(expired, 418)

        let menu = try driver.open(rpc, ["background": true])
        let (rows, plugins) = try groups(menu)
        XCTAssertEqual(rows.count, 1_001, "1,000 rows and the one saying how many more")
        for (row, file) in zip(rows, listed.prefix(1_000)) {
            let state = try XCTUnwrap(file["state"] as? String)
            XCTAssertEqual(row["title"] as? String, file["path"] as? String)
            XCTAssertEqual((row["badge"] as? [String: String])?["kind"], state)
            XCTAssertEqual((row["status"] as? [String: String])?["text"], state.prefix(1).uppercased() + state.dropFirst())
            XCTAssertEqual((row["detail"] as? [String: String])?["text"], file["sizeText"] as? String)
            XCTAssertNil(row["disabled"], "no row here is pending, and the default action takes any name")
        }
        XCTAssertEqual(rows.last?["title"] as? String, "… 252 more files (files.list shows all)")
        XCTAssertEqual(rows.last?["disabled"] as? Bool, true)
        let trashExpired = try XCTUnwrap(plugins["files"]?.first { $0["title"] as? String == "Move Expired Files to Trash" })
        XCTAssertEqual((trashExpired["detail"] as? [String: Any])?["text"] as? String, "\(expired) files", "from the folder's counts")
        let report = try XCTUnwrap(plugins["probe"]?.first { $0["title"] as? String == "Report Files" })
        XCTAssertEqual(report["subtitle"] as? String, "1252 files: 0 pending, 834 ready, \(expired) expired")
    }

    func testMoveExpiredFilesTrashesExactlyTheFilesExpiredWhenItRuns() throws {
        let driver = ActionTestDriver(daemon: try DaemonProcess())
        for index in 0..<1_100 { try driver.writeFile(named: name(index), "x", ageSeconds: 7200) }
        let rewritten = Array("z-rewritten.txt".utf8)
        let fresh = Array("m-fresh.txt".utf8)
        try driver.writeFile(named: rewritten, "old", ageSeconds: 7200)
        try driver.writeFile(named: fresh, "fresh", ageSeconds: 30)
        try driver.writeFile(named: bad, "bad", ageSeconds: 7200)
        try driver.writeFile(named: twin, "twin", ageSeconds: 30)
        try ActionTestDriver.start(driver.daemon, config: ActionTestDriver.config(#"expireAfter: "1h""#))
        let rpc = try driver.daemon.client()
        XCTAssertEqual(try rpc.file("z-rewritten.txt")["state"] as? String, "expired")
        let menuId = try driver.select(rpc, ["background": true], "Move Expired Files to Trash")
        // Beyond the rows the menu lists, so the menu stays open: written again, it is pending
        // when the action runs.
        try driver.daemon.write("z-rewritten.txt", "new content")
        eventually("z-rewritten.txt is pending") { (try? rpc.file("z-rewritten.txt"))?["state"] as? String == "pending" }
        let result = try rpc.call("menu.dismissed", ["menu": menuId], timeoutMs: 120_000)
        XCTAssertEqual(result["ran"] as? Bool, true)
        XCTAssertEqual((result["outcome"] as? [String: Any])?["message"] as? String, "Moved 1101 files to the Trash")
        for index in [0, 999, 1_000, 1_099] { XCTAssertFalse(driver.exists(named: name(index)), "f\(index) was expired") }
        XCTAssertFalse(driver.exists(named: bad), "the expired bad name went, by its exact bytes")
        XCTAssertTrue(driver.exists(named: twin), "its fresh twin stays")
        XCTAssertEqual(try String(contentsOfFile: driver.daemon.path("bad\u{FFFD}.txt").path, encoding: .utf8), "twin")
        XCTAssertTrue(driver.exists(named: fresh))
        XCTAssertEqual(try String(contentsOf: driver.daemon.path("z-rewritten.txt"), encoding: .utf8), "new content",
                       "the file written after the menu opened stays")
        XCTAssertEqual(driver.trashed.count, 1_101)
    }

    func testADirectoryWideActionReadsTheFolderPageByPageWithEachFilesIdentity() throws {
        let driver = ActionTestDriver(daemon: try DaemonProcess())
        for index in 0..<1_050 { try driver.writeFile(named: name(index), "x", ageSeconds: index < 10 ? 7200 : 600) }
        try driver.writeFile(named: bad, "bad", ageSeconds: 7200)
        try driver.writeFile(named: twin, "twin", ageSeconds: 600)
        try ActionTestDriver.start(driver.daemon, config: ActionTestDriver.config(#"expireAfter: "1h""#))
        let rpc = try driver.daemon.client()
        let everything = try run(driver, rpc, "Report Files")
        XCTAssertEqual(everything.lines.count, 1_052)
        XCTAssertEqual(everything.message, "1052 files in 11 pages", "pages of 100, the last one short")
        let names = everything.lines.map { Data(base64Encoded: String($0.split(separator: " ")[0])).map { [UInt8]($0) } ?? [] }
        XCTAssertEqual(names, names.sorted { $0.lexicographicallyPrecedes($1) }, "in bytewise path order")
        XCTAssertEqual(Set(names).count, names.count, "each file once")
        for (exact, line) in zip(names, everything.lines) where exact == bad || exact == twin || exact == name(1_049) {
            var status = stat()
            XCTAssertEqual(NativePath.withCString(driver.absolute(exact)) { lstat($0, &status) }, 0)
            XCTAssertTrue(line.hasSuffix(" \(status.st_dev):\(status.st_ino)"), "each file with the identity its name has now: \(line)")
        }
        let expired = try run(driver, rpc, "Report Expired")
        XCTAssertEqual(expired.lines.count, 11, "ten f files and the bad name")
        XCTAssertTrue(expired.lines.allSatisfy { $0.contains(" expired ") })
        XCTAssertTrue(expired.lines.contains { $0.hasPrefix(Data(bad).base64EncodedString() + " ") }, "the bad name, not its twin")
        XCTAssertFalse(expired.lines.contains { $0.hasPrefix(Data(twin).base64EncodedString() + " ") })
    }

    func testACommandActionRunsOverTheFolder() throws {
        let driver = ActionTestDriver(daemon: try DaemonProcess())
        for index in 0..<1_200 { try driver.writeFile(named: name(index), "x", ageSeconds: 600) }
        try ActionTestDriver.start(driver.daemon, config: ActionTestDriver.config(#"commands: [{ title: "Count", argv: ["sh", "-c", "ls | wc -l"] }]"#))
        let rpc = try driver.daemon.client()
        let menuId = try driver.select(rpc, ["background": true], "Count", plugin: "commands")
        let result = try rpc.call("menu.dismissed", ["menu": menuId], timeoutMs: 30_000)
        XCTAssertEqual(result["ran"] as? Bool, true)
        let output = (result["outcome"] as? [String: Any])?["output"] as? String ?? ""
        XCTAssertEqual(output.trimmingCharacters(in: .whitespacesAndNewlines), "1200", "run in the folder: \(result)")
    }

    /// Picks the probe's `title` in the directory menu; its output lines and message.
    private func run(_ driver: ActionTestDriver, _ rpc: RPCClient, _ title: String) throws -> (lines: [String], message: String) {
        let menuId = try driver.select(rpc, ["background": true], title, plugin: "probe")
        let result = try rpc.call("menu.dismissed", ["menu": menuId], timeoutMs: 30_000)
        let outcome = try XCTUnwrap(result["outcome"] as? [String: Any], "\(result)")
        let output = outcome["output"] as? String ?? ""
        return (output.split(separator: "\n").map(String.init), outcome["message"] as? String ?? "")
    }
}
