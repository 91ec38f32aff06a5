import Foundation
import MenudLoop
import XCTest

/// A child's end is its exit: what it leaves running may hold its output open, but cannot hold
/// its result; and its process group can still be signalled after it exited.
final class ChildProcessTests: XCTestCase {
    private var directory: URL!
    private var leftBehind: [Int32] = []

    override func setUpWithError() throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("child-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        for pid in leftBehind { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }

    private struct Run {
        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        var exit: ChildProcess.Exit?
    }

    /// Runs `script` with `sh -c` and turns the loop until it exits, for at most 20 s (every
    /// script here that could hold it holds it for 1000 s).
    private func run(_ script: String, _ loop: EventLoop, then: ((ChildProcess) -> Void)? = nil) throws -> Run {
        var run = Run()
        var child: ChildProcess?
        child = try ChildProcess(
            loop: loop, argv: ["sh", "-c", script], workingDirectory: directory.path,
            onOutput: { isError, bytes in if isError { run.stderr += bytes } else { run.stdout += bytes } },
            onExit: { exit in
                run.exit = exit
                if let child { then?(child) }
            })
        let deadline = Date().addingTimeInterval(20)
        while run.exit == nil && Date() < deadline { _ = loop.runOnce(blocking: false); usleep(1000) }
        XCTAssertNotNil(run.exit, "the child's exit was reported")
        return run
    }

    private func pid(_ name: String) throws -> Int32 {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        let pid = try XCTUnwrap(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        leftBehind.append(pid)
        return pid
    }

    private func isGone(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return true }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    func testTheExitIsReportedWithBothOutputsWhenNothingHoldsThem() throws {
        let loop = try EventLoop()
        let run = try run("echo out; echo err >&2; exit 7", loop)
        XCTAssertEqual(run.exit?.status, 7)
        XCTAssertEqual(run.exit?.signal, 0)
        XCTAssertEqual(run.exit?.outputWasHeldOpen, false)
        XCTAssertEqual(String(decoding: run.stdout, as: UTF8.self), "out\n")
        XCTAssertEqual(String(decoding: run.stderr, as: UTF8.self), "err\n")
        XCTAssertEqual(loop.closeEverything(), 0)
    }

    func testABackgroundChildHoldingTheOutputDoesNotHoldTheExitNorLoseWhatCameBefore() throws {
        let loop = try EventLoop()
        let run = try run("""
            (sleep 1000 & echo $! > bg.pid)
            i=0; while [ $i -lt 2000 ]; do echo "line $i"; i=$((i + 1)); done
            echo "to stderr" >&2
            printf last
            """, loop)
        XCTAssertEqual(run.exit?.status, 0)
        XCTAssertEqual(run.exit?.outputWasHeldOpen, true, "the background child still held the output")
        let stdout = String(decoding: run.stdout, as: UTF8.self)
        XCTAssertTrue(stdout.hasPrefix("line 0\nline 1\n"), String(stdout.prefix(40)))
        XCTAssertTrue(stdout.hasSuffix("line 1999\nlast"), String(stdout.suffix(40)))
        XCTAssertEqual(String(decoding: run.stderr, as: UTF8.self), "to stderr\n")
        XCTAssertFalse(isGone(try pid("bg.pid")), "a normal exit leaves the background child alone")
        XCTAssertEqual(loop.closeEverything(), 0, "the pipes were closed with the process")
    }

    func testTheGroupCanBeKilledAfterItsLeaderExited() throws {
        let loop = try EventLoop()
        let run = try run("sleep 1000 & echo $! > member.pid", loop) { child in child.kill(signal: SIGKILL) }
        XCTAssertEqual(run.exit?.status, 0)
        let member = try pid("member.pid")
        let deadline = Date().addingTimeInterval(10)
        while !isGone(member) && Date() < deadline { usleep(10_000) }
        XCTAssertTrue(isGone(member), "the member left in the group got the signal")
        XCTAssertEqual(loop.closeEverything(), 0)
    }
}
