import Foundation
import XCTest

/// The real `menuctl` against a real daemon, with pipes for its output (not a terminal).
final class MenuctlIntegrationTests: XCTestCase {
    private func menuctl(_ daemon: DaemonProcess, _ arguments: String..., input: String = "",
                         environment: [String: String] = [:]) throws -> MenuctlProcess.Result {
        try MenuctlProcess.run(arguments, socketPath: daemon.socketPath, input: input, environment: environment)
    }

    /// Display cells of `text` for the characters these tests use (CJK ideographs and kana are 2).
    private func cells(_ text: Substring) -> Int {
        text.unicodeScalars.reduce(0) { sum, scalar in
            sum + ((0x3000...0x9FFF).contains(scalar.value) || (0xFF00...0xFF60).contains(scalar.value) ? 2 : 1)
        }
    }

    func testStatusShowsTheDaemonAndJSONGivesTheRawResult() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.write("b.part", "b")
        try daemon.start()
        let status = try menuctl(daemon, "status")
        XCTAssertEqual(status.exitCode, 0, status.stderr)
        XCTAssertTrue(status.stdout.hasPrefix("menud "), status.stdout)
        XCTAssertTrue(status.stdout.contains("root         \(daemon.root.path)\n"), status.stdout)
        XCTAssertTrue(status.stdout.contains("files        2: 1 ready, 1 pending, 0 expired\n"), status.stdout)
        XCTAssertFalse(status.stdout.contains("\u{1B}"), "no colors into a pipe")

        let json = try menuctl(daemon, "status", "--json")
        XCTAssertEqual(json.exitCode, 0, json.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["root"] as? String, daemon.root.path)
        XCTAssertEqual((object["files"] as? [String: Any])?["total"] as? Int, 2)
        XCTAssertEqual(json.stdout.filter { $0 == "\n" }.count, 1, "one line")
    }

    func testListAlignsColumnsByDisplayWidthAndColorsOnlyWhenAsked() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.writeReady("日本語/ファイル.txt", String(repeating: "x", count: 2_400_000))
        try daemon.write("upload.part", "partial")
        try daemon.start()
        let plain = try menuctl(daemon, "ls")
        XCTAssertEqual(plain.exitCode, 0, plain.stderr)
        let lines = plain.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 3, plain.stdout)
        XCTAssertEqual(lines.map { $0.split(separator: " ").dropFirst().first.map(String.init) },
                       ["a.txt", "upload.part", "日本語/ファイル.txt"], "sorted by path bytewise, badge first")
        XCTAssertTrue(lines[0].hasPrefix(" ✓  a.txt"), String(lines[0]))
        XCTAssertTrue(lines[1].hasPrefix(" ●  upload.part"), String(lines[1]))
        // Every column starts at the same display cell; sizes end at the same cell.
        let stateColumns = lines.map { line -> Int in
            let state = line.range(of: "ready") ?? line.range(of: "pending")!
            return cells(line[..<state.lowerBound])
        }
        XCTAssertEqual(Set(stateColumns).count, 1, "state column aligned: \(stateColumns)\n\(plain.stdout)")
        XCTAssertEqual(Set(lines.map { cells($0[...]) }).count, 1, "sizes right-aligned to one edge\n\(plain.stdout)")
        XCTAssertTrue(lines[2].hasSuffix("ready     2.4 MB"), String(lines[2]))
        XCTAssertFalse(plain.stdout.contains("\u{1B}"))

        let colored = try menuctl(daemon, "ls", "--color", "always", environment: ["COLORTERM": "truecolor"])
        XCTAssertTrue(colored.stdout.contains("\u{1B}[0;38;2;43;120;71mready"), "ready in #2B7847\n\(colored.stdout)")
        XCTAssertTrue(colored.stdout.contains("\u{1B}[0;38;2;140;36;36mpending"), "pending in #8C2424")
        XCTAssertTrue(colored.stdout.contains("48;2;43;120;71m ✓ "), "the badge is a colored cell block")
        let never = try menuctl(daemon, "ls", "--color=never", environment: ["COLORTERM": "truecolor"])
        XCTAssertEqual(never.stdout, plain.stdout)

        let pending = try menuctl(daemon, "ls", "--state", "pending")
        XCTAssertEqual(pending.stdout.split(separator: "\n").count, 1)
        XCTAssertTrue(pending.stdout.contains("upload.part"))
        let glob = try menuctl(daemon, "ls", "--glob", "*.txt", "--json")
        XCTAssertEqual(glob.exitCode, 0, glob.stderr)
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(glob.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((result["files"] as? [[String: Any]])?.compactMap { $0["path"] as? String }, ["a.txt", "日本語/ファイル.txt"])
        XCTAssertEqual(result["total"] as? Int, 2)
    }

    func testRawPrintsEveryLineUntilItsResponse() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.start()
        let one = try menuctl(daemon, "raw", #"{"jsonrpc":"2.0","id":7,"method":"files.get","params":{"path":"a.txt"}}"#)
        XCTAssertEqual(one.exitCode, 0, one.stderr)
        let reply = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(reply["id"] as? Int, 7)
        XCTAssertEqual((reply["result"] as? [String: Any])?["path"] as? String, "a.txt")

        let error = try menuctl(daemon, "raw", #"{"jsonrpc":"2.0","id":"x","method":"no.such"}"#)
        XCTAssertEqual(error.exitCode, 0, "raw prints the daemon's answer whatever it is")
        XCTAssertTrue(error.stdout.contains("-32601"), error.stdout)

        let broken = try menuctl(daemon, "raw", "not json")
        XCTAssertEqual(broken.exitCode, 0)
        XCTAssertTrue(broken.stdout.contains("-32700"), broken.stdout)

        let notification = try menuctl(daemon, "raw", #"{"jsonrpc":"2.0","method":"daemon.status"}"#)
        XCTAssertEqual(notification.exitCode, 0)
        XCTAssertEqual(notification.stdout, "", "a notification gets no answer")

        // From standard input: subscribe, then a change arrives while the next request waits.
        let stream = try menuctl(daemon, "raw", "-", input: """
            {"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"events":["files"]}}
            [{"jsonrpc":"2.0","id":2,"method":"daemon.status"},{"jsonrpc":"2.0","id":3,"method":"files.list"}]
            """)
        XCTAssertEqual(stream.exitCode, 0, stream.stderr)
        let lines = stream.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, stream.stdout)
        XCTAssertTrue(lines[0].contains(#""subscribed":["files"]"#), String(lines[0]))
        XCTAssertTrue(lines[1].hasPrefix("["), "the batch's answer is one array")
    }

    func testExitCodesForNoDaemonAndUsageErrors() throws {
        let missing = "/tmp/menud-it-missing-\(UUID().uuidString.prefix(8)).sock"
        let none = try MenuctlProcess.run(["status"], socketPath: missing)
        XCTAssertEqual(none.exitCode, 3)
        XCTAssertTrue(none.stderr.contains(missing), none.stderr)
        XCTAssertTrue(none.stderr.contains("menud --root DIR"), none.stderr)
        XCTAssertTrue(none.stderr.contains("systemctl --user start menud.socket"), none.stderr)
        XCTAssertEqual(try MenuctlProcess.run(["--socket", missing, "ls"], socketPath: nil).exitCode, 3)
        XCTAssertEqual(try MenuctlProcess.run(["menu", "a.txt"], socketPath: missing).exitCode, 3)

        for arguments in [[], ["frobnicate"], ["ls", "--bogus"], ["ls", "extra"], ["ls", "--state", "done"],
                          ["menu"], ["menu", "a.txt", "--row", "1"], ["menu", "--row", "-1"],
                          ["menu", "a.txt", "--viewport", "5x5"], ["menu", "a.txt", "--at", "x"],
                          ["menu", "a.txt", "--width", "wide"], ["raw"], ["--color", "sometimes", "status"],
                          ["status", "--json=yes"]] {
            let result = try MenuctlProcess.run(arguments, socketPath: missing)
            XCTAssertEqual(result.exitCode, 2, "menuctl \(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--help"), "points at the help: \(result.stderr)")
        }
        for arguments in [["--help"], ["help"], ["status", "--help"], ["ls", "-h"], ["watch", "--help"], ["menu", "--help"],
                          ["raw", "--help"], ["help", "menu"]] {
            let result = try MenuctlProcess.run(arguments, socketPath: missing)
            XCTAssertEqual(result.exitCode, 0, "menuctl \(arguments)")
            XCTAssertTrue(result.stdout.contains("Usage: menuctl"), result.stdout)
        }
        XCTAssertTrue(try MenuctlProcess.run(["menu", "--help"], socketPath: missing).stdout.contains("--pick ID|TITLE"))
    }

    func testDaemonErrorsExitOne() throws {
        let daemon = try DaemonProcess()
        try daemon.start()
        let result = try menuctl(daemon, "menu", "missing.txt")
        XCTAssertEqual(result.exitCode, 1)
        XCTAssertTrue(result.stderr.hasPrefix("menuctl: "), result.stderr)
        XCTAssertEqual(try menuctl(daemon, "ls", "--glob", "[").exitCode, 2, "a bad glob is caught before sending")
        XCTAssertEqual(try menuctl(daemon, "menu", "../outside").exitCode, 1)
    }

    func testWatchPrintsOneLinePerChangeWhenNotOnATerminal() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("old.txt", "o")
        try daemon.start()
        let watch = try MenuctlProcess(["watch"], socketPath: daemon.socketPath)
        eventually("watch subscribed") { watch.stderr.contains("watching") }
        try daemon.write("new.txt", "n")
        eventually("the new file is reported, then again once ready") {
            watch.stdout.contains("changed pending new.txt 1 byte\n") && watch.stdout.contains("changed ready new.txt 1 byte\n")
        }
        try FileManager.default.removeItem(at: daemon.path("old.txt"))
        eventually("the removal is reported") { watch.stdout.contains("removed old.txt\n") }
        XCTAssertFalse(watch.stdout.contains("\u{1B}"), "plain lines, no screen drawing")
        watch.process.terminate()
        XCTAssertEqual(try watch.wait(), 128 + SIGTERM)

        let filtered = try MenuctlProcess(["watch", "--glob", "*.log", "--json"], socketPath: daemon.socketPath)
        eventually("watch subscribed") { filtered.stderr.contains("watching") }
        try daemon.write("skip.txt", "s")
        try daemon.write("keep.log", "k")
        eventually("the log file is reported") { filtered.stdout.contains("keep.log") }
        for line in filtered.stdout.split(separator: "\n") {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertEqual(object["method"] as? String, "files.changed")
            XCTAssertFalse(line.contains("skip.txt"), "the glob filters: \(line)")
        }
        filtered.process.interrupt()
        XCTAssertEqual(try filtered.wait(), 128 + SIGINT)
    }

    func testMenuPrintedWhenNotOnATerminal() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.start()
        let result = try menuctl(daemon, "menu", "a.txt")
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertTrue(lines.first?.hasPrefix("┌─ a.txt ") ?? false, result.stdout)
        XCTAssertTrue(lines.last?.hasPrefix("└") ?? false, result.stdout)
        XCTAssertTrue(result.stdout.contains("│ i Inspect "), result.stdout)
        XCTAssertTrue(result.stdout.contains("├"), "groups are separated")
        XCTAssertFalse(result.stdout.contains("\u{1B}"), "plain text into a pipe")
        XCTAssertEqual(Set(lines.map { $0.count }).count, 1, "every line as wide as the box")

        let colored = try menuctl(daemon, "menu", "a.txt", "--color", "always")
        XCTAssertTrue(colored.stdout.contains("\u{1B}["), "--color always colors")
        let noColor = try menuctl(daemon, "menu", "a.txt", "--color", "always", environment: ["NO_COLOR": "1"])
        XCTAssertTrue(noColor.stdout.contains("\u{1B}["), "an explicit --color always beats NO_COLOR")
        let never = try menuctl(daemon, "menu", "a.txt", "--color", "never")
        XCTAssertEqual(never.stdout, result.stdout)

        let narrow = try menuctl(daemon, "menu", "--background", "--viewport", "30x10")
        XCTAssertEqual(narrow.exitCode, 0, narrow.stderr)
        XCTAssertLessThanOrEqual(narrow.stdout.split(separator: "\n").map(\.count).max() ?? 0, 26, "the box keeps 2 cells from each edge")

        // The menus were cancelled: none is left open, so the file can be acted on at once.
        let past = try menuctl(daemon, "menu", "--row", "5")
        XCTAssertEqual(past.exitCode, 0)
        XCTAssertTrue(past.stderr.contains("no menu"), past.stderr)
        XCTAssertEqual(try menuctl(daemon, "menu", "--row", "5", "--pick", "Inspect").exitCode, 1)
    }

    func testPickRunsTheActionAndReportsItsOutcome() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.writeReady("plain.txt", "p")
        try daemon.start(config: """
            {
              commands: [
                { title: "Fail", argv: ["sh", "-c", "echo broken >&2; exit 3", "sh", "{name}"], match: { glob: "plain.txt" } },
                { title: "Inspect", argv: ["true", "{name}"], match: { glob: "plain.txt" } },
              ],
            }
            """)
        let inspect = try menuctl(daemon, "menu", "a.txt", "--pick", "Inspect")
        XCTAssertEqual(inspect.exitCode, 0, inspect.stderr)
        XCTAssertTrue(inspect.stdout.hasPrefix("a.txt\nPath: a.txt\n"), inspect.stdout)
        XCTAssertTrue(inspect.stdout.contains("State: ready"), inspect.stdout)

        let loose = try menuctl(daemon, "menu", "a.txt", "--pick", "rename...", "--input", "b.txt")
        XCTAssertEqual(loose.exitCode, 0, loose.stderr)
        XCTAssertEqual(loose.stdout, "Renamed a.txt to b.txt\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: daemon.path("b.txt").path))
        let rpc = try daemon.client()
        // The rename makes b.txt pending until it settles; a menu open across that change of state
        // is invalidated, so the Inspect below waits for it to be ready.
        eventually("the daemon sees b.txt settle") { (try? rpc.file("b.txt"))?["state"] as? String == "ready" }

        let needsInput = try menuctl(daemon, "menu", "b.txt", "--pick", "Rename…")
        XCTAssertEqual(needsInput.exitCode, 2)
        XCTAssertTrue(needsInput.stderr.contains("--input"), needsInput.stderr)

        let ambiguous = try menuctl(daemon, "menu", "plain.txt", "--pick", "Inspect")
        XCTAssertEqual(ambiguous.exitCode, 2)
        XCTAssertTrue(ambiguous.stderr.contains("more than one"), ambiguous.stderr)
        XCTAssertEqual(ambiguous.stderr.components(separatedBy: "\"Inspect\"").count - 1, 2, "both choices listed:\n\(ambiguous.stderr)")

        let failed = try menuctl(daemon, "menu", "plain.txt", "--pick", "Fail")
        XCTAssertEqual(failed.exitCode, 1)
        XCTAssertTrue(failed.stderr.contains("exit code 3"), failed.stderr)
        XCTAssertTrue(failed.stderr.contains("    broken"), failed.stderr)

        let json = try menuctl(daemon, "menu", "plain.txt", "--pick", "Fail", "--json")
        XCTAssertEqual(json.exitCode, 1)
        let jsonLines = json.stdout.split(separator: "\n")
        XCTAssertEqual(jsonLines.count, 2, json.stdout)
        let opened = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(jsonLines[0].utf8)) as? [String: Any])
        XCTAssertNotNil((opened["menu"] as? [String: Any])?["items"])
        let failure = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(jsonLines[1].utf8)) as? [String: Any])
        XCTAssertEqual((failure["error"] as? [String: Any])?["code"] as? Int, -32030)

        let ran = try menuctl(daemon, "menu", "b.txt", "--pick", "Inspect", "--json")
        let ranLines = ran.stdout.split(separator: "\n")
        XCTAssertEqual(ranLines.count, 2, ran.stdout)
        let dismissal = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(ranLines[1].utf8)) as? [String: Any])
        XCTAssertEqual(dismissal["ran"] as? Bool, true, "\(ran.stdout)\(ran.stderr)")
        XCTAssertNil(try XCTUnwrap(JSONSerialization.jsonObject(with: Data(ranLines[0].utf8)) as? [String: Any])["layout"],
                     "--json sends no layout")
    }
}
