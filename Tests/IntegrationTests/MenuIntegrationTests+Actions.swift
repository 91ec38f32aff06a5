import Foundation
import XCTest

/// Actions chosen from menus: built-in and command plugins, progress, failures, order and shutdown.
extension MenuIntegrationTests {
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
