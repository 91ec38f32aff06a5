import Foundation
import XCTest

/// The log an operator reads: every action is one line when it starts and one when it ends,
/// whatever its file's name or its message holds.
extension MenuIntegrationTests {
    func testAnActionLogsOneLineAsItStartsAndOneAsItEndsWithNewlinesWrittenOut() throws {
        let daemon = try DaemonProcess()
        let name = "two\nlines 2026-01-01 ERROR forged.txt"
        try daemon.writeReady(name, "inspected")
        try daemon.start()
        let rpc = try daemon.client()
        let menu = try open(rpc, ["path": name])
        let menuId = try XCTUnwrap(menu["id"] as? String)
        let chosen = try item(menu, titled: "Inspect")
        XCTAssertEqual(try rpc.call("menu.select", ["menu": menuId, "item": chosen["id"] as Any])["dismiss"] as? Bool, true)
        let result = try rpc.call("menu.dismissed", ["menu": menuId], timeoutMs: 30_000)
        let message = try XCTUnwrap((result["outcome"] as? [String: Any])?["message"] as? String)
        XCTAssertTrue(message.contains("\n"), "Inspect's message has several lines: \(message)")
        try eventually("the action's end is logged") { daemon.log.contains("action for menu \(menuId) done") }

        let lines = daemon.log.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let running = lines.filter { $0.contains(" for menu \(menuId) on ") }
        XCTAssertEqual(running.count, 1, daemon.log)
        XCTAssertTrue(running.first?.hasSuffix("(\"Inspect\") for menu \(menuId) on two\\nlines 2026-01-01 ERROR forged.txt") ?? false, daemon.log)
        XCTAssertTrue(running.first?.contains(" INFO running ") ?? false, daemon.log)
        let done = lines.filter { $0.contains("action for menu \(menuId) done") }
        XCTAssertEqual(done, done.first.map { [$0] } ?? [], daemon.log)
        XCTAssertTrue(done.first?.hasSuffix("action for menu \(menuId) done: " + message.replacingOccurrences(of: "\n", with: "\\n")) ?? false, daemon.log)
        XCTAssertFalse(lines.contains { $0.hasPrefix("lines 2026-01-01 ERROR") }, "no line was forged: \(daemon.log)")
    }
}
