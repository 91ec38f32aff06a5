import MenudPluginAPI
import MenudPluginTesting
import XCTest

/// The helpers plugin authors test with: they record what an action did and find what the
/// daemon would refuse.
final class PluginTestingTests: XCTestCase {
    private let file = TargetFile(path: "a.txt", absolutePath: "/tmp/a.txt", state: .ready, size: 1, mtimeMs: 0)

    private struct Plugin: MenudPlugin {
        let name = "probe"
        let version = "1"
        let items: [MenuItem]
        func items(for target: MenuTarget) async throws -> [MenuItem] { items }
    }

    func testTheProbeRecordsProgressLogLinesProgramsAndTheOutcome() async throws {
        let launcher = FakeProcessLauncher { argv in
            ProcessResult(exitCode: argv == ["true"] ? 0 : 1, signal: nil, stdoutTail: "out", stderrTail: "", timedOut: false)
        }
        let item = MenuItem.action("Run") { context in
            context.progress.report(fraction: 0.5, message: "half")
            context.log.warning("careful")
            let result = try await context.processes.run(["true"], workingDirectory: context.root, timeoutMs: 1000)
            return ActionOutcome(message: "done \(result.stdoutTail)")
        }
        let run = await ActionProbe(root: "/tmp", processes: launcher).run(item, on: [file])
        XCTAssertEqual(run.outcome?.message, "done out")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.reports, [ActionProbe.Report(fraction: 0.5, message: "half")])
        XCTAssertEqual(run.logLines.map(\.message), ["careful"])
        XCTAssertEqual(launcher.calls, [FakeProcessLauncher.Call(argv: ["true"], workingDirectory: "/tmp", timeoutMs: 1000)])
    }

    func testTheProbeKeepsAFailure() async throws {
        let item = MenuItem.action("Fail") { _ in throw ActionFailure("No space left.") }
        let run = await ActionProbe(root: "/tmp").run(item, on: [file])
        XCTAssertNil(run.outcome)
        XCTAssertEqual((run.error as? ActionFailure)?.message, "No space left.")
    }

    func testItemCheckFindsWhatTheDaemonRefuses() async throws {
        let clashing = Plugin(items: [
            .action("One", key: "x") { _ in ActionOutcome(message: "1") },
            .action("Two", key: "x") { _ in ActionOutcome(message: "2") },
        ])
        let target = MenuTarget(kind: .file, files: [file], root: "/tmp")
        let problems = await ItemCheck.problems(of: clashing, for: target)
        XCTAssertEqual(problems.count, 1, "\(problems)")
        XCTAssertTrue(problems.first?.contains("share the shortcut key \"x\"") == true, "\(problems)")
        let fine = Plugin(items: [.action("One", key: "x") { _ in ActionOutcome(message: "1") }])
        let none = await ItemCheck.problems(of: fine, for: target)
        XCTAssertEqual(none, [])
    }
}
