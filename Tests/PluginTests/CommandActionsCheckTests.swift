@testable import CommandActionsPlugin
import Foundation
import Glibc
import MenudPluginAPI
import XCTest

/// A command runs only on the file the menu showed: each target is checked just before the
/// program starts, and a name that cannot be passed as text is never passed at all.
final class CommandActionsCheckTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var outside: TemporaryDirectory!
    /// Each run of the test command appends its arguments here (outside the root).
    private var marker: String { outside.path + "/ran.log" }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        outside = try TemporaryDirectory()
    }

    override func tearDown() {
        directory.remove()
        outside.remove()
    }

    private func plugin(_ argv: PluginValue, title: String = "Record") throws -> CommandActions {
        try CommandActions(settings: PluginSettings(["commands": [["title": .string(title), "argv": argv]]]))
    }

    /// A command that appends its file arguments to the marker and touches nothing else.
    private func recorder(_ placeholder: String = "{path}") throws -> CommandActions {
        try plugin(["sh", "-c", .string("printf '%s\\n' \"$@\" >> \(marker)"), "sh", .string(placeholder)])
    }

    private func context(_ files: [TargetFile]) -> ActionContext {
        ActionContext(files: files, root: directory.path, processes: FoundationProcessLauncher())
    }

    /// The file at `relative` (name bytes given exactly) with the device and inode it has now,
    /// as the runtime describes a file it shows in a menu.
    private func shown(_ bytes: [UInt8], state: FileState = .ready) throws -> TargetFile {
        var status = stat()
        let absolute = Array(directory.path.utf8) + [0x2F] + bytes
        guard (absolute + [0]).withUnsafeBufferPointer({ lstat(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), &status) }) == 0 else {
            throw ActionFailure("test setup: cannot lstat \(String(decoding: bytes, as: UTF8.self))")
        }
        let path = String(decoding: bytes, as: UTF8.self)
        return TargetFile(
            path: path, pathBytes: bytes, absolutePath: directory.path + "/" + path, state: state,
            size: Int64(status.st_size), mtimeMs: 0,
            identity: FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)))
    }

    private func shown(_ relative: String) throws -> TargetFile { try shown(Array(relative.utf8)) }

    private func ranLines() -> [String] {
        ((try? String(contentsOfFile: marker, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Runs the plugin's only item on `files` and returns the failure it must end with.
    private func failure(_ plugin: CommandActions, _ files: [TargetFile], kind: MenuTargetKind = .file) async throws -> ActionFailure {
        let items = try await plugin.items(for: MenuTarget(kind: kind, files: files, root: directory.path))
        let item = try XCTUnwrap(items.first, "the command is offered")
        let error = await thrownError { try await runAction(item, self.context(files)) }
        return try XCTUnwrap(error as? ActionFailure, "\(String(describing: error))")
    }

    private func replace(_ relative: String, with make: (String) throws -> Void) throws {
        let path = directory.path + "/" + relative
        try FileManager.default.removeItem(atPath: path)
        try make(path)
    }

    func testAnUnchangedFileRunsWithItsExactPath() async throws {
        try directory.write("sub/a.txt", "a")
        let file = try shown("sub/a.txt")
        let items = try await recorder().items(for: MenuTarget(kind: .file, files: [file], root: directory.path))
        _ = try await runAction(items[0], context([file]))
        XCTAssertEqual(ranLines(), [directory.path + "/sub/a.txt"])
    }

    func testAFileSwappedForASymlinkBeforeTheStartRunsNothing() async throws {
        try directory.write("a.txt", "a")
        try outside.write("secret.txt", "outside")
        let file = try shown("a.txt")
        try replace("a.txt") { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: outside.path + "/secret.txt") }
        let failure = try await failure(recorder(), [file])
        XCTAssertEqual(
            failure.message,
            "“Record” did not run: Cannot use a.txt: it is now a symbolic link, not the file the menu showed.")
        XCTAssertEqual(ranLines(), [], "the program never started")
    }

    func testAFolderOnTheWaySwappedForASymlinkRunsNothing() async throws {
        try directory.write("sub/a.txt", "a")
        try outside.write("a.txt", "outside")
        let file = try shown("sub/a.txt")
        try FileManager.default.moveItem(atPath: directory.path + "/sub", toPath: directory.path + "/sub.old")
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/sub", withDestinationPath: outside.path)
        let failure = try await failure(recorder(), [file])
        XCTAssertTrue(failure.message.hasPrefix("“Record” did not run: Cannot use sub/a.txt: "), failure.message)
        XCTAssertEqual(ranLines(), [])
    }

    func testAnotherFileUnderTheSameNameRunsNothing() async throws {
        try directory.write("a.txt", "a")
        try directory.write("other.txt", "b")
        let file = try shown("a.txt")
        try FileManager.default.removeItem(atPath: directory.path + "/a.txt")
        try FileManager.default.moveItem(atPath: directory.path + "/other.txt", toPath: directory.path + "/a.txt")
        let failure = try await failure(recorder(), [file])
        XCTAssertEqual(
            failure.message,
            "“Record” did not run: Cannot use a.txt: another file has taken its name since the menu showed it.")
        XCTAssertEqual(ranLines(), [])
    }

    func testAFileSwappedForAFolderOrAFIFORunsNothingAndNeverBlocks() async throws {
        for (name, make) in [("dir.txt", { (path: String) in try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }),
                             ("fifo.txt", { (path: String) in guard mkfifo(path, 0o600) == 0 else { throw ActionFailure("test setup: mkfifo") } })] {
            try directory.write(name, "a")
            let file = try shown(name)
            try replace(name, with: make)
            let failure = try await failure(recorder(), [file])
            XCTAssertTrue(failure.message.hasPrefix("“Record” did not run: Cannot use \(name): "), failure.message)
        }
        XCTAssertEqual(ranLines(), [])
    }

    func testOneSwappedFileOfASelectionRunsNothingForAny() async throws {
        for name in ["1.txt", "2.txt", "3.txt"] { try directory.write(name, name) }
        let files = try ["1.txt", "2.txt", "3.txt"].map { try shown($0) }
        try replace("2.txt") { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: "1.txt") }
        let failure = try await failure(recorder("{paths}"), files, kind: .selection)
        XCTAssertTrue(failure.message.contains("Cannot use 2.txt"), failure.message)
        XCTAssertEqual(ranLines(), [], "no file of the selection was passed")
    }

    func testADirectoryCommandDoesNotCheckTheTrackedFiles() async throws {
        try directory.write("a.txt", "a")
        let file = try shown("a.txt")
        try replace("a.txt") { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: "/etc/hostname") }
        let plugin = try plugin(["sh", "-c", .string("echo ran >> \(marker)")], title: "Here")
        let items = try await plugin.items(for: MenuTarget(kind: .directory, files: [file], root: directory.path))
        _ = try await runAction(items[0], context([file]))
        XCTAssertEqual(ranLines(), ["ran"], "a directory action names no file, so none of them can stop it")
    }

    func testANameThatIsNotUTF8IsNeverPassedAndItsTwinIsUntouched() async throws {
        // `bad\xff.txt` decodes to `bad\u{FFFD}.txt`, the name of its twin.
        let bad: [UInt8] = Array("bad".utf8) + [0xFF] + Array(".txt".utf8)
        let badPath = Array(directory.path.utf8) + [0x2F] + bad + [0]
        let created = badPath.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o600) }
        XCTAssertGreaterThanOrEqual(created, 0)
        close(created)
        try directory.write("bad\u{FFFD}.txt", "twin")
        let badFile = try shown(bad)
        let twin = try shown("bad\u{FFFD}.txt")
        XCTAssertEqual(badFile.path, twin.path, "the two names look alike as text")

        let single = try await recorder().items(for: MenuTarget(kind: .file, files: [badFile], root: directory.path))
        XCTAssertEqual(single.map(\.status), [StyledText("name is not UTF-8")])
        XCTAssertTrue(single[0].isDisabled)
        let selection = try await recorder("{paths}").items(for: MenuTarget(kind: .selection, files: [badFile, twin], root: directory.path))
        XCTAssertEqual(selection.map(\.status), [StyledText("1 name not UTF-8")])
        let twinItems = try await recorder().items(for: MenuTarget(kind: .file, files: [twin], root: directory.path))
        XCTAssertEqual(twinItems.map(\.isDisabled), [false])

        // Even run regardless of the disabled item (a default action, a client that insists),
        // the command never receives the twin's path.
        let error = await thrownError { try await runAction(single[0], self.context([badFile])) }
        XCTAssertEqual(
            (error as? ActionFailure)?.message,
            "“Record” did not run: the name of bad\u{FFFD}.txt is not valid UTF-8, and a command takes names as text, which could name another file. Rename the file to use it with a command.")
        let spec = try recorder("{paths}").commands[0]
        XCTAssertThrowsError(try CommandActions.argv(for: spec, files: [twin, badFile], root: directory.path, input: nil))
        XCTAssertEqual(ranLines(), [])
        XCTAssertEqual(try directory.read("bad\u{FFFD}.txt"), "twin")
    }
}
