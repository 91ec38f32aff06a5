import Foundation
import MenudPluginAPI
import XCTest

@testable import FileActionsPlugin

final class FileActionsPluginTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var trash: String { directory.path + "/.trash-for-tests" }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory.remove()
    }

    private func plugin() -> FileActions {
        FileActions(trashDirectory: trash)
    }

    private func context(_ files: [TargetFile], input: String? = nil, recorder: ActionRecorder = ActionRecorder())
        -> ActionContext
    {
        ActionContext(
            files: files, root: directory.path, input: input, progress: recorder.progress, log: recorder.log,
            processes: FoundationProcessLauncher())
    }

    /// The context of a directory-wide action over a folder holding `files`.
    private func directoryContext(_ files: [TargetFile]) -> ActionContext {
        ActionContext(files: [], directory: TargetDirectory(files: files), root: directory.path, processes: FoundationProcessLauncher())
    }

    private func items(_ kind: MenuTargetKind, _ files: [TargetFile]) async throws -> [MenuItem] {
        try await plugin().items(for: MenuTarget(kind: kind, files: files, root: directory.path))
    }

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

    // MARK: - Trash

    func testTrashFollowsTheFreedesktopLayout() async throws {
        try directory.write("dir/report é 100%.txt", "r")
        let file = try directory.file("dir/report é 100%.txt")
        let before = Date()
        let outcome = try await runAction(try items(.file, [file]).item("trash"), context([file]))
        XCTAssertEqual(outcome.message, "Moved report é 100%.txt to the Trash")
        XCTAssertFalse(directory.exists("dir/report é 100%.txt"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash + "/files"), ["report é 100%.txt"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash + "/info"), ["report é 100%.txt.trashinfo"])
        XCTAssertEqual(try String(contentsOfFile: trash + "/files/report é 100%.txt", encoding: .utf8), "r")

        let info = try String(contentsOfFile: trash + "/info/report é 100%.txt.trashinfo", encoding: .utf8)
        let lines = info.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.count, 4, info)
        XCTAssertEqual(lines[0], "[Trash Info]")
        XCTAssertEqual(lines[1], "Path=" + directory.path.replacingOccurrences(of: " ", with: "%20") + "/dir/report%20%C3%A9%20100%25.txt")
        XCTAssertEqual(lines[3], "")
        let dateText = String(lines[2].dropFirst("DeletionDate=".count))
        XCTAssertTrue(lines[2].hasPrefix("DeletionDate="))
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.timeZone = .current
        parser.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        let date = try XCTUnwrap(parser.date(from: dateText), dateText)
        XCTAssertGreaterThanOrEqual(date.timeIntervalSince1970, before.timeIntervalSince1970.rounded(.down) - 1)
        for directory in [trash, trash + "/files", trash + "/info"] {
            let mode = try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? NSNumber
            XCTAssertEqual(mode?.intValue, 0o700, directory)
        }
    }

    func testTrashedNamesNeverCollide() async throws {
        try directory.write("one/a.txt", "1")
        try directory.write("two/a.txt", "2")
        try directory.write("three/a.txt", "3")
        // A leftover in files/ without its info file is left alone.
        try FileManager.default.createDirectory(atPath: trash + "/files", withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: trash + "/files/a.2.txt", contents: Data("orphan".utf8)))
        let files = try ["one/a.txt", "two/a.txt", "three/a.txt"].map { try directory.file($0) }
        let outcome = try await runAction(try items(.selection, files).item("trash"), context(files))
        XCTAssertEqual(outcome.message, "Moved 3 files to the Trash")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash + "/files").sorted(), ["a.2.txt", "a.3.txt", "a.4.txt", "a.txt"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash + "/info").sorted(),
                       ["a.3.txt.trashinfo", "a.4.txt.trashinfo", "a.txt.trashinfo"])
        XCTAssertEqual(try String(contentsOfFile: trash + "/files/a.2.txt", encoding: .utf8), "orphan")
        XCTAssertEqual(try String(contentsOfFile: trash + "/files/a.3.txt", encoding: .utf8), "2")
        let info = try String(contentsOfFile: trash + "/info/a.4.txt.trashinfo", encoding: .utf8)
        XCTAssertTrue(info.contains("\nPath=" + directory.path + "/three/a.txt\n"), info)
    }

    func testTrashingAMissingFileFailsAndLeavesNoInfo() async throws {
        try directory.write("here.txt", "h")
        let files = [try directory.file("here.txt"), fakeFile("gone.txt", root: directory.path)]
        let error = await thrownError { try await runAction(try await self.items(.selection, files).item("trash"), self.context(files)) }
        XCTAssertEqual(
            (error as? ActionFailure)?.message,
            "Moved 1 of 2 files to the Trash. Cannot move \(directory.path)/gone.txt to the Trash: it no longer exists.")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash + "/info"), ["here.txt.trashinfo"])
    }

    func testTrashExpiredFilesFromTheDirectoryMenu() async throws {
        try directory.write("old.txt", "o")
        try directory.write("new.txt", "n")
        let files = [try directory.file("new.txt"), try directory.file("old.txt", state: .expired)]
        let outcome = try await runAction(try items(.directory, files).item("trash-expired"), directoryContext(files))
        XCTAssertEqual(outcome.message, "Moved old.txt to the Trash")
        XCTAssertTrue(directory.exists("new.txt"))
        XCTAssertFalse(directory.exists("old.txt"))
    }

    func testTrashInfoEncoding() {
        XCTAssertEqual(TrashInfo.percentEncode("/home/u/a b/ü?#%.txt"), "/home/u/a%20b/%C3%BC%3F%23%25.txt")
        XCTAssertEqual(TrashInfo.percentEncode("/x/(ok)_-.!~*'"), "/x/(ok)_-.!~*'")
        XCTAssertEqual(
            TrashInfo.contents(path: "/a b", deletedAt: .utc(epochSeconds: 1_764_500_000)),
            "[Trash Info]\nPath=/a%20b\nDeletionDate=2025-11-30T10:53:20\n")
    }

    // MARK: - Choosing the trash on another file system

    private func locator(devices: [String: UInt64], sticky: Set<String> = [], links: Set<String> = [], configured: Bool = false)
        -> TrashLocator
    {
        TrashLocator(homeTrash: "/home/u/.local/share/Trash", isConfigured: configured, uid: 1000) { path in
            guard let device = devices[path] else { return nil }
            return TrashLocator.Node(
                device: device, isDirectory: true, isSymbolicLink: links.contains(path), isSticky: sticky.contains(path))
        }
    }

    private let devices: [String: UInt64] = [
        "/": 1, "/home": 1, "/home/u": 1, "/mnt": 1, "/mnt/usb": 2, "/mnt/usb/x": 2, "/mnt/usb/x/y.txt": 2,
        "/home/u/z.txt": 1,
    ]

    func testHomeTrashForFilesOnTheSameFileSystem() throws {
        // The home trash does not exist yet: its nearest existing ancestor decides the device.
        XCTAssertEqual(
            try locator(devices: devices).location(for: "/home/u/z.txt"),
            TrashLocation(directory: "/home/u/.local/share/Trash", topDirectory: nil))
    }

    func testTopDirectoryTrashForFilesOnAnotherFileSystem() throws {
        XCTAssertEqual(
            try locator(devices: devices).location(for: "/mnt/usb/x/y.txt"),
            TrashLocation(directory: "/mnt/usb/.Trash-1000", topDirectory: "/mnt/usb"))
        var withShared = devices
        withShared["/mnt/usb/.Trash"] = 2
        XCTAssertEqual(
            try locator(devices: withShared, sticky: ["/mnt/usb/.Trash"]).location(for: "/mnt/usb/x/y.txt"),
            TrashLocation(directory: "/mnt/usb/.Trash/1000", topDirectory: "/mnt/usb"))
        // Without the sticky bit, or as a symbolic link, the shared .Trash must not be used.
        XCTAssertEqual(
            try locator(devices: withShared).location(for: "/mnt/usb/x/y.txt").directory, "/mnt/usb/.Trash-1000")
        XCTAssertEqual(
            try locator(devices: withShared, sticky: ["/mnt/usb/.Trash"], links: ["/mnt/usb/.Trash"])
                .location(for: "/mnt/usb/x/y.txt").directory,
            "/mnt/usb/.Trash-1000")
    }

    func testConfiguredTrashOnAnotherFileSystemIsRefusedNotCopied() {
        XCTAssertThrowsError(try locator(devices: devices, configured: true).location(for: "/mnt/usb/x/y.txt")) { error in
            XCTAssertEqual(
                "\(error)",
                "Cannot move /mnt/usb/x/y.txt to the Trash at /home/u/.local/share/Trash: they are on different file systems, "
                    + "and a trashed file is never copied. Set trashDirectory to a folder on the same file system.")
        }
    }

    func testTopDirectoryTrashOnDisk() throws {
        // Pretend <tmp>/mnt is another file system: the trash goes to <tmp>/mnt/.Trash-<uid> and
        // Path= is relative to <tmp>/mnt.
        let mount = directory.path + "/mnt"
        let path = try directory.write("mnt/sub/f.txt", "f")
        let real = TrashLocator.lstatNode
        let locator = TrashLocator(homeTrash: directory.path + "/home/Trash", isConfigured: false, uid: 4242) { path in
            guard let node = real(path) else { return nil }
            let device: UInt64 = path == mount || path.hasPrefix(mount + "/") ? 2 : 1
            return TrashLocator.Node(
                device: device, isDirectory: node.isDirectory, isSymbolicLink: node.isSymbolicLink, isSticky: node.isSticky)
        }
        let can = TrashCan(locator: locator, now: { .utc(epochSeconds: 0) })
        let trashed = try can.moveToTrash(path)
        XCTAssertEqual(trashed.trashedPath, mount + "/.Trash-4242/files/f.txt")
        let info = try String(contentsOfFile: mount + "/.Trash-4242/info/f.txt.trashinfo", encoding: .utf8)
        XCTAssertTrue(info.contains("\nPath=sub/f.txt\n"), info)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path + "/home"))
    }

    func testSettings() throws {
        XCTAssertThrowsError(try FileActions(settings: PluginSettings(["trashDirectory": "relative/trash"]))) { error in
            XCTAssertEqual("\(error)", "trashDirectory: must be an absolute path, not \"relative/trash\"")
        }
        XCTAssertThrowsError(try FileActions.factory.make(PluginSettings(["trash": "/x"]))) { error in
            XCTAssertEqual("\(error)", "trash: is not a known setting (allowed: trashDirectory)")
        }
        let plugin = try FileActions(settings: PluginSettings(["trashDirectory": "/var/tmp/t/"]))
        XCTAssertEqual(plugin.trashCan.locator.homeTrash, "/var/tmp/t")
        XCTAssertEqual(plugin.name, "files")
    }
}
