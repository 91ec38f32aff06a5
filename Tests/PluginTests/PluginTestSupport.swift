import Foundation
import MenudPluginAPI
import Synchronization
import XCTest

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().path
        path = base + "/menud-plugin-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `contents` to `relative` (making parent directories) and returns the absolute path.
    @discardableResult
    func write(_ relative: String, _ contents: String = "") throws -> String {
        try write(relative, Data(contents.utf8))
    }

    @discardableResult
    func write(_ relative: String, _ contents: Data) throws -> String {
        let absolute = path + "/" + relative
        let parent = (absolute as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: absolute, contents: contents) else {
            throw ActionFailure("test setup: cannot create \(absolute)")
        }
        return absolute
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path + "/" + relative, encoding: .utf8)
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/" + relative)
    }

    func contents(of relative: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: relative.isEmpty ? path : path + "/" + relative).sorted()
    }

    /// A `TargetFile` for the file at `relative`, with its real size.
    func file(_ relative: String, state: FileState = .ready) throws -> TargetFile {
        let absolute = path + "/" + relative
        let attributes = try FileManager.default.attributesOfItem(atPath: absolute)
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        let mtime = (attributes[.modificationDate] as? Date) ?? Date()
        return TargetFile(
            path: relative, absolutePath: absolute, state: state, size: size,
            mtimeMs: Int64(mtime.timeIntervalSince1970 * 1000))
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Collects progress reports and log lines.
final class ActionRecorder: Sendable {
    private let reports = Mutex<[(Double, String?)]>([])
    private let lines = Mutex<[(PluginLogLevel, String)]>([])

    var progress: ProgressReporter {
        ProgressReporter { fraction, message in self.reports.withLock { $0.append((fraction, message)) } }
    }

    var log: PluginLogger {
        PluginLogger { level, message in self.lines.withLock { $0.append((level, message)) } }
    }

    var fractions: [Double] { reports.withLock { $0.map(\.0) } }
    var messages: [String?] { reports.withLock { $0.map(\.1) } }
    var logLines: [String] { lines.withLock { $0.map(\.1) } }
}

/// A target file that needs no file on disk.
func fakeFile(
    _ path: String, state: FileState = .ready, size: Int64 = 100, root: String = "/srv/drop"
) -> TargetFile {
    TargetFile(path: path, absolutePath: root + "/" + path, state: state, size: size, mtimeMs: 1_764_500_000_000)
}

extension MenuItem {
    /// The item and its descendants, depth first.
    var flattened: [MenuItem] { [self] + children.flatMap(\.flattened) }
}

extension Array where Element == MenuItem {
    /// Every item of the tree, depth first.
    var flattened: [MenuItem] { flatMap(\.flattened) }

    /// The item with `id` anywhere in the tree.
    func item(_ id: String, file: StaticString = #filePath, line: UInt = #line) throws -> MenuItem {
        try XCTUnwrap(flattened.first { $0.id == id }, "no item \(id) among \(flattened.map(\.id))", file: file, line: line)
    }
}

/// Runs `item`'s action with `context`.
func runAction(_ item: MenuItem, _ context: ActionContext) async throws -> ActionOutcome {
    guard let action = item.action else { throw ActionFailure("item \(item.id) has no action") }
    return try await action(context)
}

/// The error `body` throws, or a test failure when it throws none.
func thrownError<T>(
    file: StaticString = #filePath, line: UInt = #line, _ body: () async throws -> T
) async -> (any Error)? {
    do {
        _ = try await body()
        XCTFail("expected an error", file: file, line: line)
        return nil
    } catch {
        return error
    }
}
