import Foundation
import XCTest

/// The world going wrong under the real daemon: its root removed and created again, a folder it
/// may not read, the inotify watch limit reached, SIGTERM while actions run.
final class FaultIntegrationTests: XCTestCase {
    /// The machine-wide watch limit to put back in tearDown, when a test had to lower it.
    private var savedWatchLimit: String?
    private static let watchLimitFile = "/proc/sys/fs/inotify/max_user_watches"

    override func tearDown() {
        if let savedWatchLimit {
            try? savedWatchLimit.write(toFile: Self.watchLimitFile, atomically: false, encoding: .utf8)
            self.savedWatchLimit = nil
        }
        super.tearDown()
    }

    func testRootRemovedThenCreatedAgain() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.writeReady("sub/b.txt", "bb")
        try daemon.start(settle: "400ms")  // rescans (and polls for a missing root) every 1 s
        let rpc = try daemon.client()
        let watcher = try daemon.client()
        try watcher.call("subscribe", ["events": ["files"]])
        XCTAssertEqual(try rpc.list().count, 2)

        try FileManager.default.removeItem(at: daemon.root)
        try eventually("the daemon says the root is gone") { daemon.log.contains("was removed or moved away") }
        try eventually("its files vanish") { try rpc.list().isEmpty }
        let removed = try watcher.notification("files.removed") { ($0["paths"] as? [String] ?? []).contains("a.txt") }
        XCTAssertNotNil(removed)
        XCTAssertEqual(try rpc.call("daemon.status")["watchedDirectories"] as? Int, 0)

        // Back, with other files: they are crawled once the daemon sees the root again.
        try FileManager.default.createDirectory(at: daemon.root, withIntermediateDirectories: true)
        try daemon.writeReady("c.txt", "ccc")
        try eventually("the daemon sees the root again") { daemon.log.contains("is back") }
        try eventually("the new files are listed") { try rpc.list().compactMap { $0["path"] as? String } == ["c.txt"] }
        // And watched again: a file written now is seen through inotify, sub-folders too.
        try daemon.write("d/e.txt", "e")
        try eventually("files written after the return are tracked") { (try? rpc.file("d/e.txt"))?["size"] as? Int == 1 }
        XCTAssertEqual(daemon.log.components(separatedBy: "was removed or moved away").count - 1, 1)

        // Moved away and back (a rename, not a removal) works the same.
        let aside = daemon.home.appendingPathComponent("aside")
        try FileManager.default.moveItem(at: daemon.root, to: aside)
        try eventually("files vanish when the root is moved away") { try rpc.list().isEmpty }
        try FileManager.default.moveItem(at: aside, to: daemon.root)
        try eventually("they come back with it") { try rpc.list().count == 2 }
        XCTAssertTrue(daemon.process.isRunning)
    }

    func testUnreadableFolderIsReportedOnceAndPickedUpWhenReadable() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("open/a.txt", "a")
        try daemon.writeReady("locked/secret.txt", "s")
        var config: String?
        var binary = DaemonProcess.menudPath
        if getuid() == 0 {
            // Root reads through chmod 000; run the daemon as an ordinary user instead.
            let uid: UInt32 = 47_321
            guard let wrapper = try FaultLauncher.asUser(uid, in: daemon.home) else {
                throw XCTSkip("running as root without setpriv: chmod 000 does not stop root from reading, and the daemon cannot be started as another user here")
            }
            FaultLauncher.chownTree(daemon.home, to: uid)
            binary = wrapper
            config = "{ allowUids: [0] }"  // the test itself still connects as root
        }
        chmod(daemon.path("locked").path, 0o000)
        defer { chmod(daemon.path("locked").path, 0o755) }
        try daemon.start(settle: "400ms", config: config, binary: binary)
        let rpc = try daemon.client()
        try eventually("the daemon reports the unreadable folder") { daemon.log.contains("cannot read directory locked") }
        XCTAssertEqual(try rpc.list().compactMap { $0["path"] as? String }, ["open/a.txt"])
        let status = try rpc.call("daemon.status")
        XCTAssertGreaterThanOrEqual(status["unwatchedDirectories"] as? Int ?? 0, 1, "\(status)")

        usleep(2_500_000)  // a few rescans: still reported once
        XCTAssertEqual(daemon.log.components(separatedBy: "cannot read directory locked").count - 1, 1, daemon.log)
        try daemon.write("open/b.txt", "b")
        try eventually("the readable part stays live") { (try? rpc.file("open/b.txt")) != nil }

        chmod(daemon.path("locked").path, 0o755)
        try eventually("the folder's files appear once it can be read") { (try? rpc.file("locked/secret.txt"))?["size"] as? Int == 1 }
        try eventually("and it is watched again") { try rpc.call("daemon.status")["unwatchedDirectories"] as? Int == 0 }
        XCTAssertTrue(daemon.process.isRunning)
    }

    func testWatchLimitIsReportedOnceAndUnwatchedFoldersAreRescanned() throws {
        let daemon = try DaemonProcess()
        let folders = 12
        for index in 0..<folders { try daemon.writeReady("d\(index)/file.txt", "\(index)") }
        var binary = DaemonProcess.menudPath
        if let wrapper = try FaultLauncher.limitedWatches(4, in: daemon.home) {
            binary = wrapper
        } else if getuid() == 0, FileManager.default.isWritableFile(atPath: Self.watchLimitFile),
                  let current = try? String(contentsOfFile: Self.watchLimitFile, encoding: .utf8) {
            // No user namespaces: lower the machine's limit for this test only (put back in
            // tearDown) to what this user's processes hold now, plus four.
            savedWatchLimit = current
            try "\(inotifyWatchesOfThisUser() + 4)\n".write(toFile: Self.watchLimitFile, atomically: false, encoding: .utf8)
        } else {
            throw XCTSkip("cannot lower the inotify watch limit here: no user namespaces, and not root with a writable \(Self.watchLimitFile)")
        }
        try daemon.start(settle: "400ms", binary: binary)
        let rpc = try daemon.client()
        try eventually("the daemon warns about the watch limit") { daemon.log.contains("the inotify watch limit is reached") }
        XCTAssertEqual(try rpc.list().count, folders, "every file is listed, watched folder or not")
        let status = try rpc.call("daemon.status")
        let unwatched = status["unwatchedDirectories"] as? Int ?? 0
        XCTAssertGreaterThanOrEqual(unwatched, folders + 1 - 4, "\(status)")

        // New, changed and removed files in every folder are seen: by inotify where there is a
        // watch, by the rescans (every second here) elsewhere.
        for index in 0..<folders {
            try daemon.write("d\(index)/new.txt", String(repeating: "n", count: index + 1))
            try daemon.write("d\(index)/file.txt", "changed \(index)")
        }
        try FileManager.default.removeItem(at: daemon.path("d0/file.txt"))
        try eventually("new files in unwatched folders are found by rescans", timeout: 15) {
            let files = try rpc.list()
            let sizes = Dictionary(uniqueKeysWithValues: files.compactMap { file in (file["path"] as? String).map { ($0, file["size"] as? Int ?? -1) } })
            return (0..<folders).allSatisfy { sizes["d\($0)/new.txt"] == $0 + 1 }
                && (1..<folders).allSatisfy { sizes["d\($0)/file.txt"] == "changed \($0)".utf8.count }
                && sizes["d0/file.txt"] == nil
        }
        usleep(1_500_000)
        XCTAssertEqual(daemon.log.components(separatedBy: "the inotify watch limit is reached").count - 1, 1, "the warning is logged once")
        XCTAssertTrue(daemon.process.isRunning)
    }

    func testSigtermWhileActionsRun() throws {
        let daemon = try DaemonProcess()
        let log = daemon.home.appendingPathComponent("actions.log").path
        let marker = "menud-fault-\(UUID().uuidString.prefix(8))"
        // Unique sleep lengths, so the test can find leftover `sleep` processes too.
        let quickSleep = "1.\(Int.random(in: 10_000...99_999))"
        let slowSleep = "30.\(Int.random(in: 10_000...99_999))"
        for name in ["quick.txt", "slow.txt", "queued.txt"] { try daemon.writeReady(name, name) }
        // $2 names the file; the marker lets the test find leftover processes.
        let config = """
            {
              maxRunningActions: 2,
              commands: [
                { title: "Quick", match: { glob: "quick.txt" },
                  argv: ["sh", "-c", "echo start $1 >> \(log); sleep \(quickSleep); echo end $1 >> \(log)", "\(marker)", "{name}"] },
                { title: "Slow", match: { glob: "*.txt" },
                  argv: ["sh", "-c", "echo start $1 >> \(log); sleep \(slowSleep); echo end $1 >> \(log)", "\(marker)", "{name}"] },
              ],
            }
            """
        try daemon.start(config: config)
        func dismiss(_ file: String, _ title: String) throws -> LoadSocket {
            let socket = try LoadSocket(path: daemon.socketPath)
            let opened = try socket.call("menu.open", ["target": ["path": file]])
            let menu = try XCTUnwrap((opened["result"] as? [String: Any])?["menu"] as? [String: Any])
            func walk(_ items: [[String: Any]]) -> [[String: Any]] { items.flatMap { [$0] + walk($0["children"] as? [[String: Any]] ?? []) } }
            let item = try XCTUnwrap(walk(menu["items"] as? [[String: Any]] ?? []).first { $0["title"] as? String == title }?["id"])
            _ = try socket.call("menu.select", ["menu": menu["id"] as Any, "item": item], id: 2)
            try socket.send(#"{"jsonrpc":"2.0","id":3,"method":"menu.dismissed","params":{"menu":"\#(menu["id"] as? String ?? "")"}}"# + "\n")
            return socket
        }
        let quick = try dismiss("quick.txt", "Quick")
        let slow = try dismiss("slow.txt", "Slow")
        try eventually("both actions started") {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").components(separatedBy: "start").count - 1 == 2
        }
        let queued = try dismiss("queued.txt", "Slow")  // maxRunningActions is 2: it waits
        usleep(200_000)

        let started = Date()
        kill(daemon.process.processIdentifier, SIGTERM)
        func answer(_ socket: LoadSocket) throws -> [String: Any] {
            while true {
                guard let object = try socket.readJSON(timeoutMs: 20_000) as? [String: Any] else {
                    throw DaemonTestError("the connection closed without an answer to menu.dismissed")
                }
                if object["id"] as? Int == 3 { return object }
            }
        }
        let queuedAnswer = try answer(queued)
        XCTAssertEqual((queuedAnswer["error"] as? [String: Any])?["code"] as? Int, -32030, "a queued action is refused: \(queuedAnswer)")
        let quickAnswer = try answer(quick)
        XCTAssertEqual((quickAnswer["result"] as? [String: Any])?["ran"] as? Bool, true, "a running action that ends within the grace period completes: \(quickAnswer)")
        let slowAnswer = try answer(slow)
        XCTAssertEqual((slowAnswer["error"] as? [String: Any])?["code"] as? Int, -32030, "a running action past the grace period is stopped: \(slowAnswer)")
        // No second signal: after its loop ends the daemon no longer handles SIGTERM.
        let deadline = Date().addingTimeInterval(15)
        while daemon.process.isRunning && Date() < deadline { usleep(20_000) }
        XCTAssertFalse(daemon.process.isRunning, "the daemon exits")
        if !daemon.process.isRunning { XCTAssertEqual(daemon.process.terminationStatus, 0, "a clean exit:\n\(daemon.log.suffix(2000))") }
        XCTAssertLessThan(Date().timeIntervalSince(started), 12, "the grace period is about 5 s")
        XCTAssertFalse(FileManager.default.fileExists(atPath: daemon.socketPath), "the socket is removed")

        let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.sorted(), ["end quick.txt", "start quick.txt", "start slow.txt"], "the queued action never started; the slow one never ended")
        try eventually("no action process is left behind") {
            FaultLauncher.processes(containing: marker).isEmpty && FaultLauncher.processes(containing: slowSleep).isEmpty
        }
    }

    /// Inotify watches held by this user's processes now (from /proc/*/fdinfo).
    private func inotifyWatchesOfThisUser() -> Int {
        let me = getuid()
        var count = 0
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int32(entry) != nil {
            guard let owner = try? FileManager.default.attributesOfItem(atPath: "/proc/\(entry)")[.ownerAccountID] as? NSNumber,
                  owner.uint32Value == me,
                  let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(entry)/fdinfo") else { continue }
            for descriptor in descriptors {
                guard let info = try? String(contentsOfFile: "/proc/\(entry)/fdinfo/\(descriptor)", encoding: .utf8) else { continue }
                count += info.components(separatedBy: "inotify wd:").count - 1
            }
        }
        return count
    }
}
