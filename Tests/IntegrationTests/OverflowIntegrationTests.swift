import Foundation
import XCTest

/// When the kernel drops file events (inotify queue overflow), the daemon rescans and still
/// ends up with exactly what is on disk.
final class OverflowIntegrationTests: XCTestCase {
    private let limitFile = "/proc/sys/fs/inotify/max_queued_events"

    func testQueueOverflowTriggersARescanThatFindsEverything() throws {
        guard getuid() == 0, FileManager.default.isWritableFile(atPath: limitFile),
              let original = try? String(contentsOfFile: limitFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) else {
            throw XCTSkip("needs root to lower \(limitFile) for the daemon's inotify instance")
        }
        let daemon = try DaemonProcess()
        try daemon.writeReady("before.txt", "x")
        try FileManager.default.createDirectory(at: daemon.path("burst"), withIntermediateDirectories: true)
        // The limit is read when the daemon creates its inotify instance: lower it only
        // around the start, then put it back for everyone else.
        try "32".write(toFile: limitFile, atomically: false, encoding: .utf8)
        do {
            try daemon.start(settle: "300ms", waitForCrawl: true)
        } catch {
            try? original.write(toFile: limitFile, atomically: false, encoding: .utf8)
            throw error
        }
        try original.write(toFile: limitFile, atomically: false, encoding: .utf8)

        // Stop the daemon so events pile up past 32, then let it go on.
        kill(daemon.process.processIdentifier, SIGSTOP)
        for index in 0..<300 { try daemon.write("burst/f\(index).txt", String(repeating: "y", count: index)) }
        try FileManager.default.removeItem(at: daemon.path("before.txt"))
        kill(daemon.process.processIdentifier, SIGCONT)

        let rpc = try daemon.client()
        var files: [[String: Any]] = []
        try eventually("all 300 files listed with their sizes, the removed one gone", timeout: 20) {
            files = try rpc.list()
            return files.count == 300
        }
        XCTAssertEqual(files.count, 300)
        for file in files {
            let name = (file["path"] as? String ?? "").replacingOccurrences(of: "burst/f", with: "").replacingOccurrences(of: ".txt", with: "")
            XCTAssertEqual(file["size"] as? Int, Int(name), "size of \(file["path"] ?? "")")
        }
        XCTAssertTrue(daemon.log.contains("inotify queue overflow"), daemon.log)
        XCTAssertEqual(daemon.log.components(separatedBy: "inotify queue overflow").count - 1, 1, "logged once")
        try eventually("they settle", timeout: 10) { try rpc.list(["state": "ready"]).count == 300 }
    }
}
