import Foundation
import XCTest

/// Menus and the dismissal handshake over a real socket.
final class MenuIntegrationTests: XCTestCase {
    /// Every item of a menu, depth first.
    private func flatten(_ items: [[String: Any]]) -> [[String: Any]] {
        items.flatMap { [$0] + flatten($0["children"] as? [[String: Any]] ?? []) }
    }

    private func item(_ menu: [String: Any], titled title: String) throws -> [String: Any] {
        try XCTUnwrap(flatten(menu["items"] as? [[String: Any]] ?? []).first { $0["title"] as? String == title },
                      "no item \(title) in \(menu)")
    }

    private func open(_ rpc: RPCClient, _ target: [String: Any], layout: [String: Any]? = nil) throws -> [String: Any] {
        var params: [String: Any] = ["target": target]
        if let layout { params["layout"] = layout }
        return try XCTUnwrap(try rpc.call("menu.open", params)["menu"] as? [String: Any])
    }

    /// menu.open, menu.select, menu.dismissed: the whole handshake.
    private func pick(_ rpc: RPCClient, _ target: [String: Any], _ title: String, input: String? = nil) throws -> [String: Any] {
        let menu = try open(rpc, target)
        let chosen = try item(menu, titled: title)
        let menuId = try XCTUnwrap(menu["id"] as? String)
        XCTAssertEqual(try rpc.call("menu.select", ["menu": menuId, "item": chosen["id"] as Any])["dismiss"] as? Bool, true)
        var params: [String: Any] = ["menu": menuId]
        if let input { params["input"] = input }
        return try rpc.call("menu.dismissed", params, timeoutMs: 30_000)
    }

    func testFileMenuHasTheSeedRowsAndActionsRunOnlyAfterDismissal() throws {
        let daemon = try DaemonProcess()
        try daemon.write("video.mp4", String(repeating: "v", count: 2_400_000))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: daemon.path("video.mp4").path)
        try daemon.start()
        let rpc = try daemon.client()
        let menu = try open(rpc, ["path": "video.mp4"],
                            layout: ["viewport": ["cols": 80, "rows": 24], "source": ["col": 30, "row": 3, "width": 10, "height": 1], "width": ["auto": ["min": 24]]])
        XCTAssertEqual(menu["title"] as? String, "video.mp4")
        XCTAssertTrue((menu["id"] as? String ?? "").hasPrefix("m-"))
        let items = flatten(menu["items"] as? [[String: Any]] ?? [])
        XCTAssertTrue(items.allSatisfy { $0["id"] is String && $0["title"] is String && $0["accessibilityLabel"] is String })
        XCTAssertEqual(Set(items.compactMap { $0["id"] as? String }).count, items.count, "ids are unique")
        let keys = items.compactMap { $0["key"] as? String }
        XCTAssertEqual(Set(keys).count, keys.count, "shortcut keys are unique")
        let trash = try item(menu, titled: "Move to Trash")
        XCTAssertEqual(trash["destructive"] as? Bool, true)
        XCTAssertEqual(try item(menu, titled: "Rename…")["input"] as? [String: String], ["prompt": "New name", "default": "video.mp4"])
        XCTAssertEqual(try item(menu, titled: "Inspect")["plugin"] as? String, "files")

        // Selecting runs nothing: Duplicate leaves no copy until the dismissal.
        let duplicate = try item(menu, titled: "Duplicate")
        let menuId = try XCTUnwrap(menu["id"] as? String)
        XCTAssertEqual(try rpc.call("menu.select", ["menu": menuId, "item": duplicate["id"] as Any])["dismiss"] as? Bool, true)
        usleep(300_000)
        XCTAssertFalse(FileManager.default.fileExists(atPath: daemon.path("video copy.mp4").path), "nothing runs before menu.dismissed")
        let done = try rpc.call("menu.dismissed", ["menu": menuId])
        XCTAssertEqual(done["ran"] as? Bool, true)
        XCTAssertEqual(done["item"] as? String, duplicate["id"] as? String)
        XCTAssertTrue(FileManager.default.fileExists(atPath: daemon.path("video copy.mp4").path))
        // At most once.
        XCTAssertThrowsError(try rpc.call("menu.dismissed", ["menu": menuId])) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32020)
        }
        XCTAssertThrowsError(try rpc.call("menu.select", ["menu": menuId, "item": duplicate["id"] as Any]))
    }

    func testLayoutIsComputedByTheDaemon() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.start()
        let rpc = try daemon.client()
        let below = try rpc.call("menu.open", ["target": ["path": "a.txt"],
                                               "layout": ["viewport": ["cols": 80, "rows": 24], "source": ["col": 40, "row": 2, "width": 1, "height": 1]]])
        let layout = try XCTUnwrap(below["layout"] as? [String: Any])
        XCTAssertEqual(layout["placement"] as? String, "below")
        XCTAssertEqual(layout["row"] as? Int, 3)
        let width = try XCTUnwrap(layout["width"] as? Int)
        XCTAssertGreaterThanOrEqual(width, 24)
        XCTAssertEqual(layout["col"] as? Int, 40 - width / 2, "centered on the source")
        let above = try rpc.call("menu.open", ["target": ["path": "a.txt"],
                                               "layout": ["viewport": ["cols": 80, "rows": 24], "source": ["col": 78, "row": 22, "width": 1, "height": 1], "width": ["fixed": 30]]])
        let flipped = try XCTUnwrap(above["layout"] as? [String: Any])
        XCTAssertEqual(flipped["placement"] as? String, "above")
        XCTAssertEqual(flipped["width"] as? Int, 30)
        XCTAssertEqual(flipped["col"] as? Int, 80 - 2 - 30, "clamped 2 cells from the right edge")
        XCTAssertThrowsError(try rpc.call("menu.open", ["target": ["path": "a.txt"], "layout": ["viewport": ["cols": 80], "source": ["col": 1, "row": 1]]])) { error in
            let failure = error as? RPCClient.Failure
            XCTAssertEqual(failure?.code, -32602)
            XCTAssertEqual((failure?.data as? [String: Any])?["param"] as? String, "layout.viewport.rows")
        }
    }

    func testDirectoryMenuListsEveryFileWithBadgeStatusAndSize() throws {
        let daemon = try DaemonProcess()
        try daemon.write("done.bin", String(repeating: "x", count: 1500))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: daemon.path("done.bin").path)
        try daemon.start(settle: "30s")
        let rpc = try daemon.client()
        try daemon.write("growing.bin", "x")
        try eventually("growing.bin tracked") { (try? rpc.file("growing.bin")) != nil }
        let menu = try open(rpc, ["background": true])
        let rows = flatten(menu["items"] as? [[String: Any]] ?? []).filter { $0["badge"] != nil }
        XCTAssertEqual(rows.count, 2)
        let done = try XCTUnwrap(rows.first { $0["title"] as? String == "done.bin" })
        XCTAssertEqual(done["badge"] as? [String: String], ["kind": "ready", "color": "#2B7847"])
        XCTAssertEqual(done["status"] as? [String: String], ["text": "Ready", "color": "#2B7847"])
        XCTAssertEqual(done["detail"] as? [String: String], ["text": "2 KB", "color": "#878A94"])
        XCTAssertEqual(done["accessibilityLabel"] as? String, "done.bin, Ready, 2 KB")
        XCTAssertNil(done["disabled"])
        let growing = try XCTUnwrap(rows.first { $0["title"] as? String == "growing.bin" })
        XCTAssertEqual(growing["badge"] as? [String: String], ["kind": "pending", "color": "#8C2424"])
        XCTAssertEqual((growing["status"] as? [String: String])?["text"], "Pending")
        XCTAssertEqual(growing["disabled"] as? Bool, true, "rows of pending files are disabled")
        // Picking the ready row runs the default action (Inspect) on that file.
        let menuId = try XCTUnwrap(menu["id"] as? String)
        XCTAssertThrowsError(try rpc.call("menu.select", ["menu": menuId, "item": growing["id"] as Any])) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32022)
        }
        _ = try rpc.call("menu.select", ["menu": menuId, "item": done["id"] as Any])
        let outcome = try rpc.call("menu.dismissed", ["menu": menuId])
        XCTAssertEqual(outcome["ran"] as? Bool, true)
        XCTAssertTrue(((outcome["outcome"] as? [String: Any])?["output"] as? String ?? "").contains("done.bin"), "\(outcome)")
    }

    func testRowTargetsAndSelections() throws {
        let daemon = try DaemonProcess()
        for name in ["a.txt", "b.txt"] { try daemon.writeReady(name, name) }
        try daemon.start()
        let rpc = try daemon.client()
        XCTAssertEqual(try open(rpc, ["row": 1])["title"] as? String, "b.txt", "row n is the n-th file of files.list")
        XCTAssertTrue(try rpc.call("menu.open", ["target": ["row": 2]])["menu"] is NSNull, "no menu past the last row")
        let selection = try open(rpc, ["paths": ["a.txt", "b.txt"]])
        let titles = flatten(selection["items"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        XCTAssertTrue(titles.contains("Move 2 Files to Trash"), "\(titles)")
        XCTAssertFalse(titles.contains("Rename…"), "rename takes one file")
        XCTAssertThrowsError(try rpc.call("menu.open", ["target": ["path": "nope.txt"]])) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32010)
        }
        XCTAssertThrowsError(try rpc.call("menu.open", ["target": ["path": "../x"]])) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32011)
        }
        XCTAssertThrowsError(try rpc.call("menu.open", ["target": [:]])) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32602)
        }
    }

    func testHandshakeRulesAcrossConnectionsCancelAndDisconnect() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        let marker = daemon.home.appendingPathComponent("ran.log").path
        try daemon.start(config: """
            { commands: [{ title: "Mark", argv: ["sh", "-c", "echo \\"$1\\" >> \(marker)", "sh", "{name}"] }] }
            """)
        let alice = try daemon.client()
        let bob = try daemon.client()
        let menu = try open(alice, ["path": "a.txt"])
        let menuId = try XCTUnwrap(menu["id"] as? String)
        let mark = try item(menu, titled: "Mark")
        // A menu belongs to its connection.
        XCTAssertThrowsError(try bob.call("menu.select", ["menu": menuId, "item": mark["id"] as Any])) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32020)
        }
        // Dismissed without a selection: nothing runs.
        XCTAssertEqual(try alice.call("menu.dismissed", ["menu": menuId])["ran"] as? Bool, false)
        // Cancel: nothing runs, later steps fail.
        let second = try open(alice, ["path": "a.txt"])
        let secondId = try XCTUnwrap(second["id"] as? String)
        _ = try alice.call("menu.select", ["menu": secondId, "item": try item(second, titled: "Mark")["id"] as Any])
        XCTAssertThrowsError(try alice.call("menu.select", ["menu": secondId, "item": try item(second, titled: "Mark")["id"] as Any])) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32021, "a second select is out of order")
        }
        XCTAssertEqual(try alice.call("menu.cancel", ["menu": secondId])["closed"] as? Bool, true)
        XCTAssertThrowsError(try alice.call("menu.dismissed", ["menu": secondId]))
        // Disconnect after select: the action never runs.
        let third = try open(bob, ["path": "a.txt"])
        _ = try bob.call("menu.select", ["menu": third["id"] as Any, "item": try item(third, titled: "Mark")["id"] as Any])
        bob.socket.close()
        usleep(500_000)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "no unacknowledged action ran")
        // The real thing runs exactly once.
        let ran = try pick(alice, ["path": "a.txt"], "Mark")
        XCTAssertEqual(ran["ran"] as? Bool, true)
        XCTAssertEqual(try String(contentsOfFile: marker, encoding: .utf8), "a.txt\n")
    }

    func testInvalidationWhenTheTargetVanishesOrChangesState() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.writeReady("b.txt", "b")
        try daemon.start(settle: "300ms")
        let rpc = try daemon.client()
        let menu = try open(rpc, ["path": "a.txt"])
        let menuId = try XCTUnwrap(menu["id"] as? String)
        _ = try rpc.call("menu.select", ["menu": menuId, "item": try item(menu, titled: "Inspect")["id"] as Any])
        try FileManager.default.removeItem(at: daemon.path("a.txt"))
        let note = try rpc.notification("menu.invalidated")
        XCTAssertEqual(note["menu"] as? String, menuId)
        XCTAssertTrue((note["reason"] as? String ?? "").contains("a.txt"))
        XCTAssertThrowsError(try rpc.call("menu.dismissed", ["menu": menuId])) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32023)
        }
        // A state change invalidates too (ready -> pending on a write).
        let other = try open(rpc, ["path": "b.txt"])
        try daemon.write("b.txt", "bb")
        let changed = try rpc.notification("menu.invalidated")
        XCTAssertEqual(changed["menu"] as? String, other["id"] as? String)
    }

    func testRenameTakesInputAndRefusesEscapes() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.writeReady("taken.txt", "t")
        try daemon.start()
        let rpc = try daemon.client()
        XCTAssertThrowsError(try pick(rpc, ["path": "a.txt"], "Rename…", input: "../escape.txt")) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32030)
        }
        XCTAssertThrowsError(try pick(rpc, ["path": "a.txt"], "Rename…", input: "taken.txt")) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32030)
            XCTAssertTrue(((error as? RPCClient.Failure)?.message ?? "").contains("taken.txt"))
        }
        XCTAssertEqual(try pick(rpc, ["path": "a.txt"], "Rename…", input: "b.txt")["ran"] as? Bool, true)
        XCTAssertTrue(FileManager.default.fileExists(atPath: daemon.path("b.txt").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: daemon.path("a.txt").path))
        XCTAssertEqual(try String(contentsOf: daemon.path("taken.txt"), encoding: .utf8), "t", "nothing overwritten")
    }

    func testMoveToTrashFollowsTheFreedesktopLayout() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("old report.txt", "report")
        try daemon.start()
        let rpc = try daemon.client()
        XCTAssertEqual(try pick(rpc, ["path": "old report.txt"], "Move to Trash")["ran"] as? Bool, true)
        let trash = daemon.home.appendingPathComponent("data/Trash")
        XCTAssertEqual(try String(contentsOf: trash.appendingPathComponent("files/old report.txt"), encoding: .utf8), "report")
        let info = try String(contentsOf: trash.appendingPathComponent("info/old report.txt.trashinfo"), encoding: .utf8)
        XCTAssertTrue(info.hasPrefix("[Trash Info]\nPath="), info)
        XCTAssertTrue(info.contains("old%20report.txt"), info)
        XCTAssertTrue(info.contains("DeletionDate="), info)
        XCTAssertFalse(FileManager.default.fileExists(atPath: daemon.path("old report.txt").path))
        try eventually("the daemon saw the file leave") { try rpc.list().isEmpty }
    }

    func testChecksumReportsProgressThenTheDigest() throws {
        let daemon = try DaemonProcess()
        let bytes = (0..<(20 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(bytes).write(to: daemon.path("big.bin"))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: daemon.path("big.bin").path)
        try daemon.start()
        let rpc = try daemon.client()
        let result = try pick(rpc, ["path": "big.bin"], "SHA-256")
        let output = try XCTUnwrap((result["outcome"] as? [String: Any])?["output"] as? String)
        let expected = try shell("sha256sum", daemon.path("big.bin").path).split(separator: " ").first.map(String.init)
        XCTAssertEqual(output, expected)
        let progress = rpc.notifications.filter { $0["method"] as? String == "action.progress" }
        XCTAssertFalse(progress.isEmpty, "a 20 MiB file reports progress")
        let fractions = progress.compactMap { ($0["params"] as? [String: Any])?["fraction"] as? Double }
        XCTAssertEqual(fractions, fractions.sorted(), "progress only goes forward")
    }

    func testCommandActionsFailTimeOutAndReceiveHostileNamesVerbatim() throws {
        let daemon = try DaemonProcess()
        let hostile = "a b'c\"d $(touch pwned); e\nf.txt"
        try daemon.writeReady(hostile, "x")
        try daemon.writeReady("plain.txt", "x")
        let echo = daemon.home.appendingPathComponent("argv.txt").path
        try daemon.start(config: """
            {
              commands: [
                { title: "Record", argv: ["sh", "-c", "printf '%s' \\"$1\\" > \(echo)", "sh", "{path}"] },
                { title: "Fail", argv: ["sh", "-c", "echo broken >&2; exit 3", "sh", "{name}"], match: { glob: "plain.txt" } },
                { title: "Slow", argv: ["sh", "-c", "sleep 30", "sh", "{name}"], timeout: "500ms", match: { glob: "plain.txt" } },
              ],
            }
            """)
        let rpc = try daemon.client()
        XCTAssertEqual(try pick(rpc, ["path": hostile], "Record")["ran"] as? Bool, true)
        XCTAssertEqual(try String(contentsOfFile: echo, encoding: .utf8), daemon.path(hostile).path, "the name arrives as one argv element, untouched")
        XCTAssertFalse(FileManager.default.fileExists(atPath: daemon.path("pwned").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: daemon.home.appendingPathComponent("pwned").path))

        XCTAssertThrowsError(try pick(rpc, ["path": "plain.txt"], "Fail")) { error in
            let failure = error as? RPCClient.Failure
            XCTAssertEqual(failure?.code, -32030)
            let data = failure?.data as? [String: Any]
            XCTAssertEqual(data?["exitCode"] as? Int, 3)
            XCTAssertTrue((data?["stderr"] as? String ?? "").contains("broken"), "\(String(describing: data))")
        }
        let started = Date()
        XCTAssertThrowsError(try pick(rpc, ["path": "plain.txt"], "Slow")) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32031)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 25, "the sleep was stopped, not waited out")
        // Other requests are served while an action runs.
        XCTAssertNotNil(try rpc.call("daemon.status")["version"])
    }

    func testAThrowingAndASlowPluginAreLeftOut() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.start(binary: DaemonProcess.fixturePath)
        let rpc = try daemon.client()
        let started = Date()
        let menu = try open(rpc, ["path": "a.txt"])
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.9, "the menu does not wait for the slow plugin")
        let items = flatten(menu["items"] as? [[String: Any]] ?? [])
        XCTAssertTrue(items.contains { $0["title"] as? String == "Inspect" })
        XCTAssertFalse(items.contains { ($0["plugin"] as? String) == "faulty" || ($0["plugin"] as? String) == "sluggish" })
        try eventually("the log names both plugins") {
            daemon.log.contains("plugin faulty failed") && daemon.log.contains("plugin sluggish took longer")
        }
        let status = try rpc.call("daemon.status")
        XCTAssertEqual((status["plugins"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["files", "checksum", "commands", "faulty", "sluggish", "hello"])
    }

    func testTheDocumentedExamplePluginWorks() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.start(config: #"{ plugins: { hello: { settings: { greeting: "Hi" } } } }"#, binary: DaemonProcess.fixturePath)
        let rpc = try daemon.client()
        let result = try pick(rpc, ["path": "a.txt"], "Greet")
        XCTAssertEqual((result["outcome"] as? [String: Any])?["message"] as? String, "Hi, a.txt!")
        try eventually("the plugin's log line") { daemon.log.contains("hello: greeting a.txt") }
    }

    func testActionsOnTheSameFileRunInOrderNeverAtOnce() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        let log = daemon.home.appendingPathComponent("order.log").path
        try daemon.start(config: """
            { commands: [{ title: "Step", input: { prompt: "n" }, argv: ["sh", "-c", "echo start $1 >> \(log); sleep 0.3; echo end $1 >> \(log)", "sh", "{input}", "{name}"] }] }
            """)
        let rpc = try daemon.client()
        var ids: [Int] = []
        for step in 1...3 {
            let menu = try open(rpc, ["path": "a.txt"])
            _ = try rpc.call("menu.select", ["menu": menu["id"] as Any, "item": try item(menu, titled: "Step")["id"] as Any])
            let id = 100 + step
            try rpc.send(["jsonrpc": "2.0", "id": id, "method": "menu.dismissed", "params": ["menu": menu["id"] as Any, "input": "\(step)"]])
            ids.append(id)
        }
        for id in ids { XCTAssertNotNil(try rpc.response(id: id, timeoutMs: 20_000)["result"]) }
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), "start 1\nend 1\nstart 2\nend 2\nstart 3\nend 3\n")
    }

    func testSigtermWhileAnActionRunsAnswersItsClient() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.start(config: #"{ commands: [{ title: "Long", argv: ["sh", "-c", "sleep 60", "sh", "{name}"] }] }"#)
        let rpc = try daemon.client()
        let menu = try open(rpc, ["path": "a.txt"])
        _ = try rpc.call("menu.select", ["menu": menu["id"] as Any, "item": try item(menu, titled: "Long")["id"] as Any])
        try rpc.send(["jsonrpc": "2.0", "id": 77, "method": "menu.dismissed", "params": ["menu": menu["id"] as Any]])
        try eventually("the action started") { daemon.log.contains("running commands") }
        kill(daemon.process.processIdentifier, SIGTERM)
        let answer = try rpc.response(id: 77, timeoutMs: 20_000)
        XCTAssertEqual((answer["error"] as? [String: Any])?["code"] as? Int, -32030)
        XCTAssertTrue(((answer["error"] as? [String: Any])?["message"] as? String ?? "").contains("stopped"))
        daemon.process.waitUntilExit()
        XCTAssertEqual(daemon.process.terminationStatus, 0)
    }
}

/// Runs a command and returns its standard output.
func shell(_ arguments: String...) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}
