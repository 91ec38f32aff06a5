@testable import CommandActionsPlugin
import Foundation
import Glibc
import MenudPluginAPI
import XCTest

/// A command that matches on MIME type reads its files when the menu is built: through a
/// descriptor beneath the root, so a name swapped for a link leading out is not read and one
/// swapped for a FIFO never blocks the build.
final class CommandMimeMatchSafetyTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var outside: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        outside = try TemporaryDirectory()
    }

    override func tearDown() {
        directory.remove()
        outside.remove()
    }

    /// Writes `relative` and describes it as a menu shows it.
    private func shown(_ relative: String, _ contents: String) throws -> TargetFile {
        _ = try directory.write(relative, contents)
        return try directory.file(relative)
    }

    private func textViewer() throws -> CommandActions {
        try CommandActions(settings: PluginSettings(["commands": [
            ["title": "View Text", "argv": ["cat", "{path}"], "match": ["mime": "text/plain"]],
        ]]))
    }

    private func titles(_ plugin: CommandActions, _ file: TargetFile) async throws -> [String] {
        try await plugin.items(for: MenuTarget(kind: .file, files: [file], root: directory.path)).map(\.title)
    }

    func testAPlainTextFileMatches() async throws {
        let file = try shown("notes.txt", "hello\n")
        let titles = try await titles(try textViewer(), file)
        XCTAssertEqual(titles, ["View Text"])
    }

    func testANameSwappedForALinkLeadingOutIsNotRead() async throws {
        let file = try shown("notes.bin", "\u{0}\u{1}\u{2}")
        try Data("outside text\n".utf8).write(to: URL(fileURLWithPath: outside.path + "/secret.txt"))
        try FileManager.default.removeItem(atPath: directory.path + "/notes.bin")
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/notes.bin", withDestinationPath: outside.path + "/secret.txt")
        let titles = try await titles(try textViewer(), file)
        XCTAssertEqual(titles, [], "the outside text file behind the link must not make the item match")
    }

    func testANameSwappedForAFifoDoesNotBlockTheBuild() async throws {
        let file = try shown("notes.txt", "hello\n")
        try FileManager.default.removeItem(atPath: directory.path + "/notes.txt")
        XCTAssertEqual(mkfifo(directory.path + "/notes.txt", 0o600), 0)
        let watchdog = FifoWatchdog(directory.path + "/notes.txt")
        let titles = try await titles(try textViewer(), file)
        XCTAssertFalse(watchdog.finish(), "building the menu blocked on the FIFO")
        XCTAssertEqual(titles, [])
    }

    func testAnotherFileUnderTheNameIsNotTheFileShown() async throws {
        let file = try shown("notes.txt", "\u{0}\u{1}binary")
        // Written beside it, then renamed over it: a new inode (one freed just before could be reused).
        _ = try directory.write("incoming", "text now\n")
        XCTAssertEqual(rename(directory.path + "/incoming", directory.path + "/notes.txt"), 0)
        let titles = try await titles(try textViewer(), file)
        XCTAssertEqual(titles, [], "a different file (another inode) under the name is not judged for the menu shown")
    }
}
