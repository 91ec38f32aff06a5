import Foundation
import MenudNative
import XCTest

/// Readiness rules over a real socket: the real `menud` on a temporary directory.
final class ReadinessIntegrationTests: XCTestCase {
    func testOldFilesAreReadyAtOnceAndNewFilesSettle() throws {
        let daemon = try DaemonProcess()
        try daemon.write("old.txt", "old")
        let old = Date().addingTimeInterval(-3600)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: daemon.path("old.txt").path)
        try daemon.start(settle: "1s")
        let rpc = try daemon.client()
        let oldFile = try rpc.file("old.txt")
        XCTAssertEqual(oldFile["state"] as? String, "ready")
        XCTAssertEqual(oldFile["size"] as? Int, 3)
        XCTAssertEqual(oldFile["sizeText"] as? String, "3 bytes")
        XCTAssertNotNil(oldFile["readyAtMs"])
        XCTAssertNil(oldFile["expiresAtMs"], "no expiry configured")

        try daemon.write("new.bin", String(repeating: "x", count: 2_400_000))
        var created: [String: Any] = [:]
        try eventually("new.bin is listed") {
            created = (try? rpc.file("new.bin")) ?? [:]
            return created["size"] as? Int == 2_400_000
        }
        XCTAssertEqual(created["state"] as? String, "pending")
        XCTAssertEqual(created["sizeText"] as? String, "2.4 MB")
        XCTAssertNil(created["readyAtMs"], "pending files have no readyAtMs")
        XCTAssertTrue((created["reason"] as? String ?? "").hasPrefix("changed"), "\(created)")
        let writtenAt = created["mtimeMs"] as? Int ?? 0
        var ready: [String: Any] = [:]
        try eventually("new.bin becomes ready") {
            ready = try rpc.file("new.bin")
            return ready["state"] as? String == "ready"
        }
        let readyAt = try XCTUnwrap(ready["readyAtMs"] as? Int)
        XCTAssertGreaterThanOrEqual(readyAt, writtenAt + 1000, "ready only after the settle time")
        XCTAssertTrue((ready["reason"] as? String ?? "").hasPrefix("unchanged for"), "\(ready)")
        let status = try rpc.call("daemon.status")
        XCTAssertEqual((status["files"] as? [String: Any])?["total"] as? Int, 2)
        XCTAssertEqual(status["settleMs"] as? Int, 1000)
        XCTAssertTrue(status["expireAfterMs"] is NSNull)
    }

    func testModificationRestartsTheSettleTime() throws {
        let daemon = try DaemonProcess()
        try daemon.start(settle: "1500ms")
        let rpc = try daemon.client()
        try daemon.write("grow.log", "a")
        try eventually("grow.log listed") { (try? rpc.file("grow.log")) != nil }
        for size in 2...5 {
            usleep(300_000)
            try daemon.write("grow.log", String(repeating: "a", count: size))
            try eventually("size \(size) seen") { try rpc.file("grow.log")["size"] as? Int == size }
            XCTAssertEqual(try rpc.file("grow.log")["state"] as? String, "pending", "each write restarts the settle time")
        }
        try eventually("ready after the last write") { try rpc.file("grow.log")["state"] as? String == "ready" }
    }

    func testPartialDownloadSuffixStaysPendingUntilRenamed() throws {
        let daemon = try DaemonProcess()
        try daemon.start(settle: "300ms")
        let rpc = try daemon.client()
        try daemon.write("movie.mp4.part", "data")
        try eventually("listed") { (try? rpc.file("movie.mp4.part")) != nil }
        usleep(900_000)
        let partial = try rpc.file("movie.mp4.part")
        XCTAssertEqual(partial["state"] as? String, "pending", "a partial-download name stays pending")
        XCTAssertEqual(partial["reason"] as? String, "partial-download name (.part)")
        try FileManager.default.moveItem(at: daemon.path("movie.mp4.part"), to: daemon.path("movie.mp4"))
        try eventually("final name ready") { (try? rpc.file("movie.mp4"))?["state"] as? String == "ready" }
        XCTAssertThrowsError(try rpc.file("movie.mp4.part")) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32010)
        }
    }

    func testExpiryAfterConfiguredTime() throws {
        let daemon = try DaemonProcess()
        try daemon.start(settle: "200ms", extra: ["--expire-after", "600ms"])
        let rpc = try daemon.client()
        try daemon.write("a.txt", "a")
        try eventually("expired", timeout: 15) { (try? rpc.file("a.txt"))?["state"] as? String == "expired" }
        let file = try rpc.file("a.txt")
        let readyAt = try XCTUnwrap(file["readyAtMs"] as? Int)
        XCTAssertEqual(file["expiresAtMs"] as? Int, readyAt + 600)
        XCTAssertEqual(file["reason"] as? String, "ready for more than 600 ms")
        XCTAssertEqual(try rpc.list(["state": "expired"]).count, 1)
        XCTAssertEqual(try rpc.list(["state": "ready"]).count, 0)
    }

    func testSubdirectoriesCreatedMovedAndRemoved() throws {
        let daemon = try DaemonProcess()
        try daemon.write("pre/existing/deep.txt", "deep")
        try daemon.start()
        let rpc = try daemon.client()
        XCTAssertNotNil(try rpc.file("pre/existing/deep.txt"))
        try daemon.write("new/a/b/c.txt", "c")
        try eventually("file in a new nested directory") { (try? rpc.file("new/a/b/c.txt")) != nil }
        // A file created inside the new directory after it was picked up is seen too.
        try daemon.write("new/a/b/d.txt", "d")
        try eventually("second file in the new directory") { (try? rpc.file("new/a/b/d.txt")) != nil }
        // Move a directory within the tree.
        try FileManager.default.moveItem(at: daemon.path("new/a"), to: daemon.path("moved"))
        try eventually("moved files at their new path") { (try? rpc.file("moved/b/c.txt")) != nil }
        XCTAssertThrowsError(try rpc.file("new/a/b/c.txt"))
        // Moving out of the tree and deleting drop the files.
        let outside = daemon.home.appendingPathComponent("outside")
        try FileManager.default.moveItem(at: daemon.path("moved"), to: outside)
        try FileManager.default.removeItem(at: daemon.path("pre"))
        try eventually("moved-out and deleted files gone") { try rpc.list().isEmpty }
        // Files written in a directory that left the tree are not picked up.
        try Data("x".utf8).write(to: outside.appendingPathComponent("b/late.txt"))
        usleep(300_000)
        XCTAssertTrue(try rpc.list().isEmpty)
    }

    func testIgnorePatternsAndNonUTF8Names() throws {
        let daemon = try DaemonProcess()
        try daemon.start()
        let rpc = try daemon.client()
        try daemon.write(".git/config", "x")
        try daemon.write("notes.txt.swp", "x")
        try daemon.write("kept.txt", "x")
        let name: [UInt8] = Array("bad-".utf8) + [0xFF, 0xFE] + Array(".bin".utf8)
        let full = Array(daemon.root.path.utf8) + [0x2F] + name
        let fd = NativePath.withCString(full) { open($0, O_CREAT | O_WRONLY, 0o644) }
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        var files: [[String: Any]] = []
        try eventually("two files listed") {
            files = try rpc.list()
            return files.count == 2
        }
        let paths = files.compactMap { $0["path"] as? String }
        XCTAssertTrue(paths.contains("kept.txt"))
        let odd = try XCTUnwrap(files.first { $0["pathBase64"] != nil })
        XCTAssertEqual(odd["path"] as? String, "bad-\u{FFFD}\u{FFFD}.bin")
        XCTAssertEqual(odd["pathBase64"] as? String, Data(name).base64EncodedString())
        let fetched = try rpc.call("files.get", ["pathBase64": Data(name).base64EncodedString()])
        XCTAssertEqual(fetched["pathBase64"] as? String, Data(name).base64EncodedString())
    }

    func testListFiltersPagingAndSince() throws {
        let daemon = try DaemonProcess()
        for name in ["b.txt", "a.txt", "c.log", "dir/d.txt", "dir/e.log"] { try daemon.write(name, name) }
        try daemon.start()
        let rpc = try daemon.client()
        let all = try rpc.call("files.list")
        XCTAssertEqual((all["files"] as? [[String: Any]])?.compactMap { $0["path"] as? String },
                       ["a.txt", "b.txt", "c.log", "dir/d.txt", "dir/e.log"], "sorted bytewise")
        XCTAssertEqual(all["total"] as? Int, 5)
        let logs = try rpc.list(["glob": "*.log"])
        XCTAssertEqual(logs.compactMap { $0["path"] as? String }, ["c.log", "dir/e.log"])
        let page = try rpc.call("files.list", ["offset": 1, "limit": 2])
        XCTAssertEqual((page["files"] as? [[String: Any]])?.compactMap { $0["path"] as? String }, ["b.txt", "c.log"])
        XCTAssertEqual(page["total"] as? Int, 5)

        let clock = try XCTUnwrap(all["clock"] as? String)
        try daemon.write("b.txt", "changed")
        try FileManager.default.removeItem(at: daemon.path("a.txt"))
        var delta: [String: Any] = [:]
        try eventually("delta shows the change and the removal") {
            delta = try rpc.call("files.list", ["since": clock])
            return (delta["removed"] as? [String]) == ["a.txt"]
                && ((delta["files"] as? [[String: Any]])?.compactMap { $0["path"] as? String }.contains("b.txt") ?? false)
        }
        XCTAssertFalse((delta["files"] as? [[String: Any]])?.contains { $0["path"] as? String == "c.log" } ?? true,
                       "unchanged files are not in a since answer")
        XCTAssertNil(delta["fresh"])
        let foreign = try rpc.call("files.list", ["since": "otherinstance:5"])
        XCTAssertEqual(foreign["fresh"] as? Bool, true)
        XCTAssertEqual(foreign["total"] as? Int, 4)
        XCTAssertThrowsError(try rpc.call("files.list", ["state": "done"])) { error in
            let failure = error as? RPCClient.Failure
            XCTAssertEqual(failure?.code, -32602)
            XCTAssertEqual((failure?.data as? [String: Any])?["param"] as? String, "state")
        }
        XCTAssertThrowsError(try rpc.call("files.list", ["since": "garbage"])) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32602)
        }
    }

    func testListFieldsChooseTheFileMembers() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "alpha")
        try daemon.writeReady("dir/b.log", "bravo!")
        let name: [UInt8] = Array("odd-".utf8) + [0xFF] + Array(".bin".utf8)
        let full = Array(daemon.root.path.utf8) + [0x2F] + name
        let fd = NativePath.withCString(full) { open($0, O_CREAT | O_WRONLY, 0o644) }
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        try daemon.start(extra: ["--expire-after", "2h"])
        let rpc = try daemon.client()
        var all: [[String: Any]] = []
        try eventually("three files listed") {
            all = try rpc.list()
            return all.count == 3
        }
        XCTAssertEqual(Set(all[0].keys), ["path", "size", "sizeText", "state", "mtimeMs", "readyAtMs", "expiresAtMs", "reason", "clock"],
                       "without fields, every member")

        let small = try rpc.call("files.list", ["fields": ["path", "size"]])
        let files = try XCTUnwrap(small["files"] as? [[String: Any]])
        XCTAssertEqual(files.compactMap { $0["path"] as? String }, ["a.txt", "dir/b.log", "odd-\u{FFFD}.bin"])
        XCTAssertEqual(files.compactMap { $0["size"] as? Int }, [5, 6, 0])
        XCTAssertEqual(Set(files[0].keys), ["path", "size"])
        XCTAssertEqual(Set(files[2].keys), ["path", "pathBase64", "size"], "pathBase64 comes with path when needed")
        XCTAssertEqual(files[2]["pathBase64"] as? String, Data(name).base64EncodedString())
        XCTAssertEqual(small["total"] as? Int, 3)
        XCTAssertNotNil(small["clock"])

        let states = try rpc.list(["fields": ["state", "readyAtMs", "clock"], "glob": "*.log"])
        XCTAssertEqual(states.count, 1)
        XCTAssertEqual(Set(states[0].keys), ["state", "readyAtMs", "clock"])
        XCTAssertEqual(states[0]["state"] as? String, "ready")
        XCTAssertEqual(states[0]["clock"] as? String, all[1]["clock"] as? String)
        XCTAssertEqual(states[0]["readyAtMs"] as? Int, all[1]["readyAtMs"] as? Int)

        for bad: Any in [["path", "name"], [], "path", [1]] {
            XCTAssertThrowsError(try rpc.call("files.list", ["fields": bad]), "fields \(bad)") { error in
                let failure = error as? RPCClient.Failure
                XCTAssertEqual(failure?.code, -32602)
                XCTAssertEqual((failure?.data as? [String: Any])?["param"] as? String, "fields")
            }
        }
        XCTAssertThrowsError(try rpc.call("files.list", ["fields": ["path", "name"]])) { error in
            let message = (error as? RPCClient.Failure)?.message ?? ""
            XCTAssertTrue(message.contains("\"name\""), message)
            XCTAssertTrue(message.contains("path, size, sizeText, state, mtimeMs, readyAtMs, expiresAtMs, reason, clock"), message)
        }
    }

    func testNotificationsForChangesAndRemovals() throws {
        let daemon = try DaemonProcess()
        try daemon.start(settle: "300ms")
        let rpc = try daemon.client()
        let subscribed = try rpc.call("subscribe", ["events": ["files"]])
        XCTAssertEqual(subscribed["subscribed"] as? [String], ["files"])
        let quiet = try daemon.client()
        try daemon.write("n.txt", "1")
        let pending = try rpc.notification("files.changed") { params in
            (params["files"] as? [[String: Any]])?.contains { $0["path"] as? String == "n.txt" && $0["state"] as? String == "pending" } ?? false
        }
        XCTAssertNotNil(pending)
        _ = try rpc.notification("files.changed") { params in
            (params["files"] as? [[String: Any]])?.contains { $0["path"] as? String == "n.txt" && $0["state"] as? String == "ready" } ?? false
        }
        try FileManager.default.removeItem(at: daemon.path("n.txt"))
        let removed = try rpc.notification("files.removed")
        XCTAssertEqual(removed["paths"] as? [String], ["n.txt"])
        // A client that did not subscribe hears nothing.
        XCTAssertFalse(try quiet.socket.waitReadable(timeoutMs: 200))
        _ = try rpc.call("unsubscribe", ["events": ["files"]])
        try daemon.write("m.txt", "1")
        usleep(400_000)
        _ = try rpc.call("daemon.status")
        XCTAssertTrue(rpc.notifications.isEmpty, "no notifications after unsubscribe: \(rpc.notifications)")
        XCTAssertThrowsError(try rpc.call("subscribe", ["events": ["everything"]]))
    }

    func testPathsOutsideTheRootAreRefused() throws {
        let daemon = try DaemonProcess()
        try daemon.write("in.txt", "x")
        try Data("secret".utf8).write(to: daemon.home.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(at: daemon.path("link.txt"), withDestinationURL: daemon.home.appendingPathComponent("secret.txt"))
        try daemon.start()
        let rpc = try daemon.client()
        for path in ["../secret.txt", "/etc/passwd", "link.txt", "a/../../secret.txt"] {
            XCTAssertThrowsError(try rpc.file(path), path) { error in
                XCTAssertEqual((error as? RPCClient.Failure)?.code, -32011, path)
            }
        }
        XCTAssertEqual(try rpc.file(daemon.path("in.txt").path)["path"] as? String, "in.txt", "an absolute path inside the root works")
        XCTAssertEqual(try rpc.file("./sub/../in.txt")["path"] as? String, "in.txt")
        XCTAssertThrowsError(try rpc.file("missing.txt")) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32010)
            XCTAssertTrue(((error as? RPCClient.Failure)?.message ?? "").contains("missing.txt"))
        }
    }
}
