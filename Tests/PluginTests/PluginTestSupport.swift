import Foundation
import MenudPluginAPI
import Synchronization
import XCTest

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
