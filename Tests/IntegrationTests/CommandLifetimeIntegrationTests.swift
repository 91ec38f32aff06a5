import Foundation
import XCTest

/// How long command actions last, against the real daemon: a command ends at its exit (not
/// when something it left behind closes its output), its whole process group goes at its time
/// limit, and it runs only on the file the menu showed.
final class CommandLifetimeIntegrationTests: XCTestCase {
    /// Pids of processes the tests' commands left behind on purpose; killed at the end.
    private var leftBehind: [Int32] = []

    override func tearDown() {
        for pid in leftBehind { kill(pid, SIGKILL) }
        leftBehind = []
    }

    // MARK: - Helpers

    /// Writes an executable shell script into the daemon's home and returns its path.
    private func script(_ daemon: DaemonProcess, _ name: String, _ body: String) throws -> String {
        let url = daemon.home.appendingPathComponent(name)
        try ("#!/bin/sh\n" + body + "\n").write(to: url, atomically: true, encoding: .utf8)
        chmod(url.path, 0o755)
        return url.path
    }

    /// menu.open on `path` and menu.select of the item titled `title`; returns the menu id.
    private func choose(_ rpc: RPCClient, _ path: String, _ title: String) throws -> String {
        let menu = try XCTUnwrap(try rpc.call("menu.open", ["target": ["path": path]])["menu"] as? [String: Any])
        func walk(_ items: [[String: Any]]) -> [[String: Any]] { items.flatMap { [$0] + walk($0["children"] as? [[String: Any]] ?? []) } }
        let item = try XCTUnwrap(walk(menu["items"] as? [[String: Any]] ?? []).first { $0["title"] as? String == title }, "no item \(title) in \(menu)")
        let id = try XCTUnwrap(menu["id"] as? String)
        XCTAssertEqual(try rpc.call("menu.select", ["menu": id, "item": item["id"] as Any])["dismiss"] as? Bool, true)
        return id
    }

    /// The whole handshake; waits up to 20 s for the answer, which is "at once" here: every
    /// command that could hold it holds it for 1000 s.
    private func run(_ rpc: RPCClient, _ path: String, _ title: String) throws -> [String: Any] {
        try rpc.call("menu.dismissed", ["menu": try choose(rpc, path, title)], timeoutMs: 20_000)
    }

    /// The pid a command wrote to `file` (waiting for it a little).
    private func pid(in file: String) throws -> Int32 {
        var text = ""
        try eventually("the command wrote \(file)") {
            text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            return text.hasSuffix("\n")
        }
        let pid = try XCTUnwrap(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), "a pid in \(file): \(text)")
        leftBehind.append(pid)
        return pid
    }

    /// Whether `pid` has ended (a zombie nobody reaped yet counts as ended).
    private func isGone(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return true }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    private func failure(_ body: () throws -> Any) -> RPCClient.Failure? {
        do {
            let result = try body()
            XCTFail("expected an error answer, got \(result)")
            return nil
        } catch {
            XCTAssertTrue(error is RPCClient.Failure, "\(error)")
            return error as? RPCClient.Failure
        }
    }

    // MARK: - A command's end is its exit

    func testACommandThatLeavesABackgroundChildIsAnsweredAtItsExitWithItsOutput() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        let pidFile = daemon.home.appendingPathComponent("child.pid").path
        // The background sleep inherits stdout and stderr and holds them for 1000 s.
        let launch = try script(daemon, "launch.sh", """
            (sleep 1000 & echo $! > \(pidFile))
            i=0
            while [ $i -lt 300 ]; do echo "line $i"; i=$((i + 1)); done
            echo "a warning" >&2
            printf 'last words'
            """)
        try daemon.start(config: #"{ commands: [{ title: "Launch", argv: ["\#(launch)", "{name}"] }] }"#)
        let rpc = try daemon.client()
        let result = try run(rpc, "a.txt", "Launch")
        XCTAssertEqual(result["ran"] as? Bool, true)
        let output = try XCTUnwrap((result["outcome"] as? [String: Any])?["output"] as? String, "\(result)")
        XCTAssertTrue(output.contains("line 299\n"), output)
        XCTAssertTrue(output.hasSuffix("last words\nstderr:\na warning\n"), "output printed just before the exit is kept: \(output.suffix(200))")
        let child = try pid(in: pidFile)
        XCTAssertFalse(isGone(child), "after a normal exit what the command started is left running")
    }

    func testAChildThatLeftTheGroupDoesNotHoldTheNextActionOnTheFile() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        let pidFile = daemon.home.appendingPathComponent("detached.pid").path
        let log = daemon.home.appendingPathComponent("second.log").path
        let detach = try script(daemon, "detach.sh", "setsid sleep 1000 & echo $! > \(pidFile)")
        try daemon.start(config: """
            { commands: [
                { title: "Detach", argv: ["\(detach)", "{name}"] },
                { title: "Second", argv: ["sh", "-c", "echo \\"$1\\" >> \(log)", "sh", "{name}"] },
            ] }
            """)
        let rpc = try daemon.client()
        XCTAssertEqual(try run(rpc, "a.txt", "Detach")["ran"] as? Bool, true)
        let detached = try pid(in: pidFile)
        XCTAssertEqual(try run(rpc, "a.txt", "Second")["ran"] as? Bool, true, "the file's next action is not held")
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), "a.txt\n")
        XCTAssertFalse(isGone(detached), "the detached process is left running")
    }

    func testACommandInheritsNoDescriptorOfTheDaemon() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        // The daemon itself inherits descriptors (Foundation's Process gives its children one to
        // learn of their exit); a command, and what it leaves running, must hold none of them.
        try daemon.start(config: #"{ commands: [{ title: "Descriptors", argv: ["sh", "-c", "ls /proc/$$/fd", "sh", "{name}"] }] }"#)
        let result = try run(try daemon.client(), "a.txt", "Descriptors")
        XCTAssertEqual((result["outcome"] as? [String: Any])?["output"] as? String, "0\n1\n2\n", "\(result)")
    }

    // MARK: - The time limit takes the whole process group

    func testAtItsTimeLimitACommandsWholeProcessGroupIsStopped() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        let pidFile = daemon.home.appendingPathComponent("grandchild.pid").path
        // The grandchild stays in the group, ignores SIGTERM and holds the output; the leader
        // dies at SIGTERM. Only the group's SIGKILL ends the grandchild.
        let stubborn = try script(daemon, "stubborn.sh", """
            sh -c 'trap "" TERM; echo $$ > "$1"; exec sleep 1000' sh \(pidFile) &
            while [ ! -s \(pidFile) ]; do sleep 0.05; done
            echo started
            wait
            """)
        try daemon.start(config: #"{ commands: [{ title: "Stubborn", argv: ["\#(stubborn)", "{name}"], timeout: "3s" }] }"#)
        let rpc = try daemon.client()
        let failure = failure { try run(rpc, "a.txt", "Stubborn") }
        XCTAssertEqual(failure?.code, -32031, "\(String(describing: failure))")
        let grandchild = try pid(in: pidFile)
        try eventually("the grandchild in the command's group is killed") { isGone(grandchild) }
        XCTAssertTrue(daemon.process.isRunning)
    }

    func testAtItsTimeLimitAChildThatLeftTheGroupDoesNotHoldTheAnswer() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        let pidFile = daemon.home.appendingPathComponent("escaped.pid").path
        let escape = try script(daemon, "escape.sh", "setsid sleep 1000 & echo $! > \(pidFile)\nexec sleep 1000")
        try daemon.start(config: #"{ commands: [{ title: "Escape", argv: ["\#(escape)", "{name}"], timeout: "1s" }] }"#)
        let rpc = try daemon.client()
        let failure = failure { try run(rpc, "a.txt", "Escape") }
        XCTAssertEqual(failure?.code, -32031, "\(String(describing: failure))")
        let escaped = try pid(in: pidFile)
        XCTAssertFalse(isGone(escaped), "a process that left the group is out of the daemon's reach (and documented so)")
        XCTAssertNotNil(try rpc.call("daemon.status")["version"])
    }

    // MARK: - Only the file the menu showed

    func testACommandWhoseFileWasSwappedWhileItWaitedRunsNothing() throws {
        let daemon = try DaemonProcess()
        for name in ["link.txt", "folder.txt"] { try daemon.writeReady(name, name) }
        let outside = daemon.home.appendingPathComponent("outside.txt")
        try "outside".write(to: outside, atomically: true, encoding: .utf8)
        let gate = daemon.home.appendingPathComponent("gate").path
        let started = daemon.home.appendingPathComponent("started").path
        let log = daemon.home.appendingPathComponent("record.log").path
        try daemon.start(config: """
            { commands: [
                { title: "Hold", argv: ["sh", "-c", "touch \(started); while [ ! -e \(gate) ]; do sleep 0.05; done", "sh", "{name}"] },
                { title: "Record", argv: ["sh", "-c", "printf '%s\\\\n' \\"$1\\" >> \(log)", "sh", "{path}"] },
            ] }
            """)
        let swaps: [(String, (URL) throws -> Void)] = [
            ("link.txt", { try FileManager.default.createSymbolicLink(at: $0, withDestinationURL: outside) }),
            ("folder.txt", { try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: false) }),
        ]
        for (name, swap) in swaps {
            unlink(gate)
            unlink(started)
            let holder = try daemon.client()
            try holder.send(["jsonrpc": "2.0", "id": 10, "method": "menu.dismissed", "params": ["menu": try choose(holder, name, "Hold")]])
            try eventually("Hold runs on \(name)") { FileManager.default.fileExists(atPath: started) }
            let waiter = try daemon.client()
            try waiter.send(["jsonrpc": "2.0", "id": 11, "method": "menu.dismissed", "params": ["menu": try choose(waiter, name, "Record")]])
            // Requests on a connection are handled in order: once this is answered, Record waits
            // in the file's queue behind Hold (the swap below cannot close its menu first).
            XCTAssertNotNil(try waiter.call("daemon.status")["version"])
            let url = daemon.path(name)
            try FileManager.default.removeItem(at: url)
            try swap(url)
            FileManager.default.createFile(atPath: gate, contents: nil)
            XCTAssertNotNil(try holder.response(id: 10, timeoutMs: 20_000)["result"], "Hold ends")
            let answer = try waiter.response(id: 11, timeoutMs: 20_000)
            let error = try XCTUnwrap(answer["error"] as? [String: Any], "Record must not run on \(name) swapped: \(answer)")
            XCTAssertTrue([-32023, -32030].contains(error["code"] as? Int ?? 0), "\(error)")
            let data = error["data"] as? [String: Any]
            let words = "\(error["message"] ?? "") \(data?["message"] ?? "") \(data ?? [:])"
            XCTAssertTrue(words.contains(name), "the answer names the file: \(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: log), "Record never ran: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "outside")
    }
}
