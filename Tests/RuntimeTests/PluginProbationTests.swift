import Foundation
import MenudPluginAPI
@testable import MenudRuntime
import Synchronization
import XCTest

/// A plugin loaded from a module file earns the event loop: its `immediateItems` runs off the
/// loop until it has answered quickly there a few times.
final class PluginProbationTests: XCTestCase {
    /// Records, for each `immediateItems` call, whether it ran on the test's (the loop's) thread.
    final class ThreadRecordingPlugin: MenudPlugin {
        let name: String
        let version = "1"
        let onLoopThread = Mutex<[Bool]>([])

        init(name: String) { self.name = name }

        func items(for target: MenuTarget) async throws -> [MenuItem] { [] }

        func immediateItems(for target: MenuTarget) throws -> [MenuItem]? {
            onLoopThread.withLock { $0.append(Thread.isMainThread) }
            return [.action("Go") { _ in ActionOutcome(message: "went") }]
        }
    }

    private func openMenus(_ harness: MenuHarness, count: Int) throws {
        let client = harness.server.transport.connect()
        for id in 1...count {
            client.feed(#"{"jsonrpc":"2.0","id":\#(id),"method":"menu.open","params":{"target":{"path":"a.txt"}}}"# + "\n")
            let reply = try XCTUnwrap(harness.waitForReply(client).first, "menu \(id) was answered")
            let plugins = reply[path: "result", "menu", "items"]?.arrayValue?.compactMap { $0["plugin"]?.stringValue }
            XCTAssertEqual(plugins, ["module", "builtin"], "menu \(id) holds both plugins' items")
        }
    }

    func testAModuleIsAskedOffTheLoopUntilItAnsweredQuicklyThreeTimes() throws {
        XCTAssertTrue(Thread.isMainThread, "the test turns the loop on the main thread")
        let module = ThreadRecordingPlugin(name: "module")
        let builtIn = ThreadRecordingPlugin(name: "builtin")
        let harness = try MenuHarness(plugins: [module, builtIn], modules: ["module"]) { $0.menuBuildTimeoutMs = 600_000 }
        defer { harness.close() }
        // Every answer counts as quick here: the test is about the counting, not the clock.
        harness.host.quickAnswerMs = 60_000
        harness.track("a.txt")
        try openMenus(harness, count: 5)
        XCTAssertEqual(module.onLoopThread.withLock { $0 }, [false, false, false, true, true], "three answers off the loop, then on it")
        XCTAssertEqual(builtIn.onLoopThread.withLock { $0 }, [true, true, true, true, true], "a built-in plugin is trusted from the start")
        XCTAssertNil(harness.host.probation["module"])
    }

    func testASlowAnswerOffTheLoopStartsTheCountAgain() throws {
        let module = ThreadRecordingPlugin(name: "module")
        let harness = try MenuHarness(plugins: [module, ThreadRecordingPlugin(name: "builtin")], modules: ["module"]) { $0.menuBuildTimeoutMs = 600_000 }
        defer { harness.close() }
        // No answer is quick enough: the module never reaches the loop.
        harness.host.quickAnswerMs = -1
        harness.track("a.txt")
        try openMenus(harness, count: 4)
        XCTAssertEqual(module.onLoopThread.withLock { $0 }, [false, false, false, false])
        XCTAssertEqual(harness.host.probation["module"], 0)
    }
}
