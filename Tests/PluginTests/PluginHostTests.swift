import Foundation
import MenudPluginAPI
@testable import MenudRuntime
import XCTest

/// Building the plugins from the config: unknown plugins, disabled ones, and command actions
/// whose shape the command-actions plugin refuses, each with a message naming file and key.
final class PluginHostTests: XCTestCase {
    private func config(_ text: String) throws -> MenudConfig {
        try MenudConfig.parse(Array(text.utf8), file: "/etc/menud.json5",
                              environment: ConfigEnvironment(home: "/home/tester", runtimeDirectory: "/run/user/1000", uid: 1000))
    }

    private func assertRefused(_ text: String, _ fragments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertThrowsError(try PluginSet.build(config: try config(text), configPath: "/etc/menud.json5"), file: file, line: line) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("/etc/menud.json5"), message, file: file, line: line)
            for fragment in fragments {
                XCTAssertTrue(message.contains(fragment), "\(message) lacks \(fragment)", file: file, line: line)
            }
        }
    }

    func testDefaultsEnableEveryShippedPlugin() throws {
        let host = try PluginSet.build(config: try config("{}"), configPath: nil)
        XCTAssertEqual(host.entries.map(\.name), ["files", "checksum", "commands"])
    }

    func testDisabledAndUnknownPlugins() throws {
        let host = try PluginSet.build(config: try config("{ plugins: { checksum: { enabled: false } } }"), configPath: "/etc/menud.json5")
        XCTAssertEqual(host.entries.map(\.name), ["files", "commands"])
        try assertRefused("{ plugins: { checksums: {} } }", ["unknown plugin \"checksums\"", "files, checksum, commands"])
        try assertRefused("{ plugins: { files: { settings: { trash: \"/x\" } } } }", ["trash"])
    }

    func testBadCommandsNameTheirKey() throws {
        try assertRefused(#"{ commands: [{ argv: ["x"] }] }"#, ["commands[0]", "title"])
        try assertRefused(#"{ commands: [{ title: "a" }] }"#, ["commands[0]", "argv"])
        try assertRefused(#"{ commands: [{ title: "a", argv: [] }] }"#, ["commands[0].argv"])
        try assertRefused(#"{ commands: [{ title: "a", argv: ["{path}"] }] }"#, ["commands[0].argv[0]"])
        try assertRefused(#"{ commands: [{ title: "a", argv: ["x", "{path}"], match: { states: ["done"] } }] }"#, ["commands[0].match.states[0]", "done"])
        try assertRefused(#"{ commands: [{ title: "a", argv: ["x", "{input}"] }] }"#, ["commands[0]", "input"])
        try assertRefused(#"{ commands: [{ title: "a", argv: ["x"] }, { title: "b", argv: ["y", "{path}"], key: "ab" }] }"#, ["commands[1].key"])
        try assertRefused(#"{ commands: [{ title: "b", argv: ["y", "{path}"], match: { stats: ["ready"] } }] }"#, ["commands[0].match", "stats"])
        try assertRefused(#"{ commands: [{ title: "a", argv: ["x", "{path}"], shell: true }] }"#, ["commands[0]", "shell"])
        try assertRefused(#"{ commands: [{ title: "a", argv: ["x", "{path}"], timeout: "forever" }] }"#, ["commands[0].timeout"])
    }

    func testCommandActionsReachThePlugin() throws {
        let host = try PluginSet.build(config: try config(#"{ commands: [{ title: "Play", argv: ["mpv", "--", "{path}"], match: { glob: "*.mp4" } }] }"#), configPath: nil)
        let commands = try XCTUnwrap(host.plugin(named: "commands"))
        let file = TargetFile(path: "a.mp4", absolutePath: "/r/a.mp4", state: .ready, size: 1, mtimeMs: 0)
        let items = try awaitResult { try await commands.items(for: MenuTarget(kind: .file, files: [file], root: "/r")) }
        XCTAssertEqual(items.map(\.title), ["Play"])
        let other = TargetFile(path: "a.txt", absolutePath: "/r/a.txt", state: .ready, size: 1, mtimeMs: 0)
        XCTAssertTrue(try awaitResult { try await commands.items(for: MenuTarget(kind: .file, files: [other], root: "/r")) }.isEmpty)
    }

    /// Runs async work from a synchronous test.
    private func awaitResult<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { box.set(.success(try await body())) } catch { box.set(.failure(error)) }
            done.signal()
        }
        done.wait()
        return try box.get()
    }
}

/// Carries a result out of a task. @unchecked: `lock` guards `result`.
private final class ResultBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<T, any Error>?
    func set(_ value: Result<T, any Error>) { lock.lock(); result = value; lock.unlock() }
    func get() throws -> T { lock.lock(); defer { lock.unlock() }; return try result!.get() }
}
