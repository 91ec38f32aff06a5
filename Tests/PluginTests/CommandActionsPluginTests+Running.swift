@testable import CommandActionsPlugin
import Foundation
import MenudPluginAPI
import XCTest

/// Running commands: exact argv from hostile names, exit status and output, time limits, cancellation, placeholders.
extension CommandActionsPluginTests {
    // MARK: - Running

    func testHostileFileNamesArePassedAsExactArgvElementsAndNeverInterpreted() async throws {
        let names = [
            "plain.txt", "with space.txt", "quote\"double'single.txt", "$(touch pwned).txt", "`touch pwned2`.txt",
            "semi;colon && touch pwned3.txt", "new\nline.txt", "-rf", "glob*?[a].txt", "back\\slash|pipe>out.txt",
        ]
        for name in names { try directory.write(name, "x") }
        let files = try names.map { try directory.file($0) }
        let plugin = try plugin(["title": "Show", "argv": ["printf", "[%s]\n", "{paths}"]])
        let item = try await items(plugin, .selection, files)[0]
        let outcome = try await runAction(item, context(files))
        XCTAssertEqual(outcome.output, files.map { "[\($0.absolutePath)]\n" }.joined())
        XCTAssertEqual(outcome.message, "“Show” finished (exit status 0)")

        // Inside an element, too, with hostile typed input.
        let single = try self.plugin(
            ["title": "One", "argv": ["printf", "%s|", "name={name}", "in {dir}", "{input}"], "input": ["prompt": "Say"]])
        let hostile = files[3]
        let one = try await runAction(try await items(single, .file, [hostile])[0], context([hostile], input: "x; touch pwned4 $(id)"))
        XCTAssertEqual(one.output, "name=$(touch pwned).txt|in \(directory.path)|x; touch pwned4 $(id)|")

        let leftovers = try directory.contents().filter { $0.hasPrefix("pwned") || $0 == "out.txt" }
        XCTAssertEqual(leftovers, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/pwned"))
    }

    func testTheProgramReceivesTheExactBytes() async throws {
        // `od` shows every byte of its input file name argument echoed by printf.
        let name = "tab\there \u{1F600} é.txt"
        try directory.write(name, "x")
        let file = try directory.file(name)
        let plugin = try plugin(["title": "Bytes", "argv": ["printf", "%s", "{name}"]])
        let outcome = try await runAction(try await items(plugin, .file, [file])[0], context([file]))
        XCTAssertEqual(outcome.output.map { Array($0.utf8) }, Array(name.utf8))
    }

    func testWorkingDirectoryIsTheRoot() async throws {
        let plugin = try plugin(["title": "Where", "argv": ["pwd"]])
        let outcome = try await runAction(try await items(plugin, .directory, [])[0], context([]))
        XCTAssertEqual(outcome.output, directory.path + "\n")
    }

    func testFailingCommandReportsExitStatusAndStderrTail() async throws {
        try directory.write("a.txt", "x")
        let file = try directory.file("a.txt")
        let plugin = try plugin(
            ["title": "Check", "argv": ["sh", "-c", "echo partial; echo first problem >&2; echo bad thing happened >&2; exit 3", "sh", "{path}"]])
        let error = await thrownError { try await runAction(try await self.items(plugin, .file, [file])[0], self.context([file])) }
        let failure = try XCTUnwrap(error as? ActionFailure, "\(String(describing: error))")
        XCTAssertEqual(failure.message, "“Check” failed with exit status 3: bad thing happened.")
        XCTAssertEqual(failure.exitCode, 3)
        XCTAssertEqual(failure.stderrTail, "first problem\nbad thing happened\n")
        XCTAssertFalse(failure.timedOut)
    }

    func testSuccessfulOutputIncludesBothTails() throws {
        let spec = try plugin(["title": "T", "argv": ["true", "{path}"]]).commands[0]
        let outcome = try CommandActions.outcome(of: 
            ProcessResult(exitCode: 0, signal: nil, stdoutTail: "out", stderrTail: "warn\n", timedOut: false), spec: spec)
        XCTAssertEqual(outcome.output, "out\nstderr:\nwarn\n")
        let killed = Result { try CommandActions.outcome(of: 
            ProcessResult(exitCode: nil, signal: 9, stdoutTail: "", stderrTail: "", timedOut: false), spec: spec) }
        XCTAssertEqual((killed.failure as? ActionFailure)?.message, "“T” was stopped by signal 9.")
    }

    func testTimedOutCommandIsStoppedAndReported() async throws {
        try directory.write("a.txt", "x")
        let file = try directory.file("a.txt")
        let plugin = try plugin(["title": "Slow", "argv": ["sh", "-c", "exec sleep 30", "sh", "{path}"], "timeout": "200ms"])
        let error = await thrownError { try await runAction(try await self.items(plugin, .file, [file])[0], self.context([file])) }
        let failure = try XCTUnwrap(error as? ActionFailure, "\(String(describing: error))")
        XCTAssertTrue(failure.timedOut)
        XCTAssertEqual(failure.message, "“Slow” did not finish within 200 ms and was stopped.")
    }

    func testCancellationStopsTheProgram() async throws {
        let plugin = try plugin(["title": "Slow", "argv": ["sleep", "30"]])
        let item = try await items(plugin, .directory, [])[0]
        let context = context([])
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            return try await runAction(item, context)
        }
        task.cancel()
        let result = await task.result
        XCTAssertTrue(result.failure is CancellationError, "\(result)")
    }

    func testCancellingARunningProgramStopsIt() async throws {
        let plugin = try plugin(["title": "Slow", "argv": ["sh", "-c", "touch started; exec sleep 30"]])
        let item = try await items(plugin, .directory, [])[0]
        let context = context([])
        let task = Task { try await runAction(item, context) }
        while !directory.exists("started") { try await Task.sleep(nanoseconds: 5_000_000) }
        task.cancel()
        let result = await task.result
        XCTAssertTrue(result.failure is CancellationError, "\(result)")
    }

    func testMissingProgramIsAClearFailure() async throws {
        let plugin = try plugin(["title": "Nope", "argv": ["definitely-not-a-program-here"]])
        let error = await thrownError { try await runAction(try await self.items(plugin, .directory, [])[0], self.context([])) }
        XCTAssertEqual((error as? ActionFailure)?.message, "Cannot start “definitely-not-a-program-here”: no such program in PATH.")
    }

    func testPlaceholders() throws {
        let spec = try plugin(
            ["title": "T", "argv": ["tool", "{path}", "{name}", "{dir}", "{root}", "{dir}/{name}.out", "{{{name}}}", "{input}"],
             "input": ["prompt": "p"]]).commands[0]
        let file = TargetFile(path: "a/b c.txt", absolutePath: "/srv/drop/a/b c.txt", state: .ready, size: 1, mtimeMs: 0)
        XCTAssertEqual(
            try CommandActions.argv(for: spec, files: [file], root: "/srv/drop", input: "typed"),
            ["tool", "/srv/drop/a/b c.txt", "b c.txt", "/srv/drop/a", "/srv/drop", "/srv/drop/a/b c.txt.out", "{b c.txt}", "typed"])
        XCTAssertThrowsError(try CommandActions.argv(for: spec, files: [file], root: "/srv/drop", input: nil)) { error in
            XCTAssertEqual("\(error)", "“T” needs a line of text; send it as input with menu.dismissed.")
        }
        XCTAssertThrowsError(try CommandActions.argv(for: spec, files: [file], root: "/srv/drop", input: "new\u{0}/../x")) { error in
            XCTAssertEqual("\(error)", "“T” did not run: the text typed contains a NUL character, which a program argument cannot hold. Type it without.")
        }
        let many = try plugin(["title": "M", "argv": ["tool", "-x", "{paths}", "--", "{root}"]]).commands[0]
        XCTAssertEqual(
            try CommandActions.argv(for: many, files: [fakeFile("1"), fakeFile("2")], root: "/srv/drop", input: nil),
            ["tool", "-x", "/srv/drop/1", "/srv/drop/2", "--", "/srv/drop"])
    }
}
