import Foundation
import MenudPluginAPI
import XCTest

@testable import FileActionsPlugin

final class FileActionsPluginTests: XCTestCase {
    var directory: TemporaryDirectory!
    var trash: String { directory.path + "/.trash-for-tests" }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory.remove()
    }

    func plugin() -> FileActions {
        FileActions(trashDirectory: trash)
    }

    func context(_ files: [TargetFile], input: String? = nil, recorder: ActionRecorder = ActionRecorder())
        -> ActionContext
    {
        ActionContext(
            files: files, root: directory.path, input: input, progress: recorder.progress, log: recorder.log,
            processes: FoundationProcessLauncher())
    }

    /// The context of a directory-wide action over a folder holding `files`.
    func directoryContext(_ files: [TargetFile]) -> ActionContext {
        ActionContext(files: [], directory: TargetDirectory(files: files), root: directory.path, processes: FoundationProcessLauncher())
    }

    func items(_ kind: MenuTargetKind, _ files: [TargetFile]) async throws -> [MenuItem] {
        try await plugin().items(for: MenuTarget(kind: kind, files: files, root: directory.path))
    }

    /// The devices of the paths a `TrashLocator` sees in the +Trash tests (a stored property cannot live in an extension).
    let devices: [String: UInt64] = [
        "/": 1, "/home": 1, "/home/u": 1, "/mnt": 1, "/mnt/usb": 2, "/mnt/usb/x": 2, "/mnt/usb/x/y.txt": 2,
        "/home/u/z.txt": 1,
    ]

    // MARK: - Items per target and state

    func testSingleReadyFileGetsEveryAction() async throws {
        let items = try await items(.file, [fakeFile("a.txt")])
        XCTAssertEqual(items.map(\.id), ["inspect", "duplicate", "rename", "trash-group"])
        XCTAssertEqual(items.flattened.map(\.title), ["Inspect", "Duplicate", "Rename…", "", "Move to Trash"])
        XCTAssertTrue(items.flattened.filter { !$0.hasChildren }.allSatisfy(\.isSelectable))
        let rename = try items.item("rename")
        XCTAssertEqual(rename.input, InputPrompt("New name", default: "a.txt"))
        let trash = try items.item("trash")
        XCTAssertTrue(trash.isDestructive)
        XCTAssertTrue(try items.item("trash-group").isInline)
        XCTAssertEqual(MenuItem.problems(in: items), [])
    }

    func testPendingFileDisablesDuplicateAndRenameButNotInspectOrTrash() async throws {
        let items = try await items(.file, [fakeFile("movie.mp4.part", state: .pending)])
        for id in ["duplicate", "rename"] {
            let item = try items.item(id)
            XCTAssertTrue(item.isDisabled, id)
            XCTAssertEqual(item.status, StyledText("not while pending", color: .pending))
        }
        XCTAssertTrue(try items.item("inspect").isSelectable)
        XCTAssertTrue(try items.item("trash").isSelectable)
        XCTAssertEqual(MenuItem.problems(in: items), [])
    }

    func testSelectionGetsDuplicateAndTrashForAllFiles() async throws {
        let items = try await items(.selection, [fakeFile("a"), fakeFile("b"), fakeFile("c")])
        XCTAssertEqual(items.flattened.map(\.id), ["duplicate", "trash-group", "trash"])
        XCTAssertEqual(try items.item("duplicate").title, "Duplicate 3 Files")
        XCTAssertEqual(try items.item("trash").title, "Move 3 Files to Trash")
        let withPending = try await self.items(
            .selection, [fakeFile("a"), fakeFile("b", state: .pending), fakeFile("c", state: .pending)])
        XCTAssertEqual(try withPending.item("duplicate").status, StyledText("2 files pending", color: .pending))
        XCTAssertTrue(try withPending.item("trash").isSelectable)
    }

    func testDirectoryOffersTrashingExpiredFilesOnlyWhenThereAreSome() async throws {
        let none = try await items(.directory, [fakeFile("a"), fakeFile("b", state: .pending)])
        XCTAssertEqual(none.count, 0)
        let some = try await items(.directory, [fakeFile("a", state: .expired), fakeFile("b"), fakeFile("c", state: .expired)])
        let item = try some.item("trash-expired")
        XCTAssertEqual(item.detail, StyledText("2 files"))
        XCTAssertTrue(item.isDestructive)
        XCTAssertEqual(MenuItem.problems(in: some), [])
    }

    // MARK: - Inspect

    func testInspectReportsTheFileFacts() async throws {
        try directory.write("docs/note.txt", "hello")
        let file = try directory.file("docs/note.txt")
        let outcome = try await runAction(try items(.file, [file]).item("inspect"), context([file]))
        XCTAssertEqual(outcome.message, "note.txt")
        let lines = try XCTUnwrap(outcome.output).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "Path: docs/note.txt")
        XCTAssertEqual(lines[1], "Size: 5 bytes")
        XCTAssertEqual(lines[2], "State: ready")
        XCTAssertTrue(lines[3].hasPrefix("Modified: 20"), lines[3])
        XCTAssertEqual(lines[4], "Type: text/plain")
    }

    // MARK: - Duplicate

    func testDuplicateNames() {
        XCTAssertEqual(DuplicateNamer.candidate(for: "a.txt", attempt: 1), "a copy.txt")
        XCTAssertEqual(DuplicateNamer.candidate(for: "a.txt", attempt: 2), "a copy 2.txt")
        XCTAssertEqual(DuplicateNamer.candidate(for: "a copy.txt", attempt: 2), "a copy 2.txt")
        XCTAssertEqual(DuplicateNamer.candidate(for: "a copy 7.txt", attempt: 3), "a copy 3.txt")
        XCTAssertEqual(DuplicateNamer.candidate(for: "archive.tar.gz", attempt: 1), "archive.tar copy.gz")
        XCTAssertEqual(DuplicateNamer.candidate(for: ".bashrc", attempt: 1), ".bashrc copy")
        XCTAssertEqual(DuplicateNamer.candidate(for: "README", attempt: 2), "README copy 2")
        XCTAssertEqual(DuplicateNamer.candidate(for: "odd.", attempt: 1), "odd. copy")
        XCTAssertEqual(DuplicateNamer.candidate(for: "copy", attempt: 1), "copy copy")
        XCTAssertEqual(DuplicateNamer.candidate(for: "x copy 0.txt", attempt: 1), "x copy 0 copy.txt")
    }

    func testDuplicateNeverOverwrites() async throws {
        try directory.write("a.txt", "original")
        try directory.write("a copy 2.txt", "someone else's")
        let file = try directory.file("a.txt")
        let duplicate = try await items(.file, [file]).item("duplicate")

        let first = try await runAction(duplicate, context([file]))
        XCTAssertEqual(first.message, "Duplicated a.txt as a copy.txt")
        let second = try await runAction(duplicate, context([file]))
        XCTAssertEqual(second.message, "Duplicated a.txt as a copy 3.txt")

        XCTAssertEqual(try directory.read("a copy.txt"), "original")
        XCTAssertEqual(try directory.read("a copy 2.txt"), "someone else's")
        XCTAssertEqual(try directory.read("a copy 3.txt"), "original")
        XCTAssertEqual(try directory.contents().filter { !$0.hasPrefix(".") }, ["a copy 2.txt", "a copy 3.txt", "a copy.txt", "a.txt"])
    }

    func testDuplicateKeepsPermissionsAndCopiesLargeFilesWithProgress() async throws {
        let path = try directory.write("big.bin", Data(repeating: 7, count: (2 << 20) + 3))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let file = try directory.file("big.bin")
        let recorder = ActionRecorder()
        _ = try await runAction(try items(.file, [file]).item("duplicate"), context([file], recorder: recorder))
        let copy = directory.path + "/big copy.bin"
        XCTAssertEqual(FileManager.default.contents(atPath: copy), FileManager.default.contents(atPath: path))
        let mode = try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? NSNumber
        XCTAssertEqual(mode?.intValue, 0o640)
        XCTAssertEqual(recorder.fractions.count, 3)
        XCTAssertEqual(recorder.fractions.last, 1)
    }

    func testDuplicateSelectionReportsEachCopy() async throws {
        try directory.write("a.txt", "a")
        try directory.write("sub/b", "b")
        let files = [try directory.file("a.txt"), try directory.file("sub/b")]
        let outcome = try await runAction(try items(.selection, files).item("duplicate"), context(files))
        XCTAssertEqual(outcome.message, "Duplicated 2 files")
        XCTAssertEqual(outcome.output, "a copy.txt\nb copy")
        XCTAssertEqual(try directory.read("sub/b copy"), "b")
    }

    // MARK: - Rename

    func testRenameRefusesNamesThatLeaveTheDirectoryOrClash() async throws {
        try directory.write("dir/a.txt", "a")
        try directory.write("dir/taken.txt", "t")
        let file = try directory.file("dir/a.txt")
        let rename = try await items(.file, [file]).item("rename")
        let cases: [(String?, String)] = [
            (nil, "Rename needs the new name; send it as input with menu.dismissed."),
            ("", "The new name is empty; type a name."),
            (".", "\".\" is not a file name; type another name."),
            ("..", "\"..\" is not a file name; type another name."),
            ("../escape.txt", "A name cannot contain \"/\": renaming only changes the name, not the folder. Type a name without \"/\"."),
            ("sub/b.txt", "A name cannot contain \"/\": renaming only changes the name, not the folder. Type a name without \"/\"."),
            ("nul\u{0}byte", "A name cannot contain the NUL character; type a name without it."),
            ("two\nlines", "A name cannot contain control characters such as line breaks or tabs; type a name without them."),
            (String(repeating: "x", count: 256), "The new name is 256 bytes long; file names can have at most 255. Type a shorter name."),
            ("a.txt", "a.txt already has that name; type a different name."),
            ("taken.txt", "A file named taken.txt already exists in dir/; choose another name."),
        ]
        for (input, expected) in cases {
            let error = await thrownError { try await runAction(rename, self.context([file], input: input)) }
            XCTAssertEqual((error as? ActionFailure)?.message, expected, "input \(String(describing: input))")
        }
        XCTAssertEqual(try directory.contents(of: "dir"), ["a.txt", "taken.txt"])
        XCTAssertEqual(try directory.read("dir/taken.txt"), "t")
    }

    func testRenameMovesTheFileWithinItsDirectory() async throws {
        try directory.write("dir/a.txt", "content")
        let file = try directory.file("dir/a.txt")
        let outcome = try await runAction(try items(.file, [file]).item("rename"), context([file], input: "b c.txt"))
        XCTAssertEqual(outcome.message, "Renamed a.txt to b c.txt")
        XCTAssertEqual(try directory.contents(of: "dir"), ["b c.txt"])
        XCTAssertEqual(try directory.read("dir/b c.txt"), "content")
    }
}
