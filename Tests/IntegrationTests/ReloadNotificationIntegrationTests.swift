import Foundation
import XCTest

/// A reload that changes how states are reckoned (here `expireAfter`) changes files without a
/// write: their state, or the times they show. Subscribers hear of them as of any other change
/// (and `files.list {since}` lists them).
final class ReloadNotificationIntegrationTests: XCTestCase {
    func testFilesAReloadExpiresAreAnnounced() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("old.txt", "old")
        try daemon.start(config: "{ expireAfter: null }")
        let rpc = try daemon.client()
        XCTAssertEqual(try rpc.call("files.get", ["path": "old.txt"])["state"] as? String, "ready")
        _ = try rpc.call("subscribe", ["events": ["files"]])
        try #"{ expireAfter: "10min" }"#.write(to: daemon.home.appendingPathComponent("config.json5"), atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        let changed = try rpc.notification("files.changed", timeoutMs: 20_000) { params in
            (params["files"] as? [[String: Any]])?.contains { $0["path"] as? String == "old.txt" && $0["state"] as? String == "expired" } ?? false
        }
        XCTAssertNotNil(changed)
    }

    func testFilesWhoseTimesAReloadChangesAreAnnounced() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("old.txt", "old")
        try daemon.start(config: "{ expireAfter: null }")
        let rpc = try daemon.client()
        let before = try rpc.call("files.get", ["path": "old.txt"])
        XCTAssertEqual(before["state"] as? String, "ready")
        XCTAssertTrue(before["expiresAtMs"] is NSNull || before["expiresAtMs"] == nil, "\(before)")
        _ = try rpc.call("subscribe", ["events": ["files"]])
        try #"{ expireAfter: "10h" }"#.write(to: daemon.home.appendingPathComponent("config.json5"), atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        let changed = try rpc.notification("files.changed", timeoutMs: 20_000) { params in
            (params["files"] as? [[String: Any]])?.contains { $0["path"] as? String == "old.txt" && $0["expiresAtMs"] is NSNumber } ?? false
        }
        XCTAssertNotNil(changed)
    }
}
