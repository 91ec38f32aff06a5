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

    /// A reload over more files than one step re-reckons (1,024) is applied in several: every
    /// file is announced once, with its new state.
    func testALargeReloadAnnouncesEveryFileOnceWithItsNewState() throws {
        let daemon = try DaemonProcess()
        let names = (0..<3000).map { "d\($0 % 3)/f\($0).dat" }
        for name in names { try daemon.writeReady(name, "") }
        try daemon.start(config: "{ partialSuffixes: [] }")
        let rpc = try daemon.client()
        try eventually("every file tracked and ready") { (try rpc.call("daemon.status")["files"] as? [String: Any])?["ready"] as? Int == names.count }
        _ = try rpc.call("subscribe", ["events": ["files"]])
        try #"{ partialSuffixes: [".dat"] }"#.write(to: daemon.home.appendingPathComponent("config.json5"), atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        var announced: [String: Int] = [:]
        while announced.count < names.count {
            let params = try rpc.notification("files.changed", timeoutMs: 20_000)
            for file in params["files"] as? [[String: Any]] ?? [] {
                XCTAssertEqual(file["state"] as? String, "pending", "\(file)")
                announced[file["path"] as? String ?? "", default: 0] += 1
            }
        }
        XCTAssertEqual(Set(announced.keys), Set(names))
        XCTAssertEqual(announced.values.max(), 1, "a file announced twice")
        let pending = try rpc.call("files.list", ["state": "pending", "limit": 1])
        XCTAssertEqual(pending["total"] as? Int, names.count)
    }
}
