import Foundation
import MenudPluginAPI
import XCTest

@testable import FileActionsPlugin

/// "Move Expired Files to Trash" is a sweep over many files: it leaves a file written to since
/// the action started (no longer expired), and never moves what is already in the Trash, which
/// it sees when the trash lies inside the watched folder (a watched home, or a watched drive
/// with `.Trash-$uid` at its top). The trash here is inside the folder, as in those cases.
final class TrashSweepTests: XCTestCase {
    var directory: TemporaryDirectory!
    private var trash: String { directory.path + "/.Trash-test" }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory.remove()
    }

    /// A directory-wide action reads the folder (here a fixed list) through `directory`.
    private func context(_ kind: MenuTargetKind, _ files: [TargetFile]) -> ActionContext {
        kind == .directory
            ? ActionContext(files: [], directory: TargetDirectory(files: files), root: directory.path, processes: FoundationProcessLauncher())
            : ActionContext(files: files, root: directory.path, processes: FoundationProcessLauncher())
    }

    func run(_ id: String, _ kind: MenuTargetKind, _ files: [TargetFile]) async throws -> ActionOutcome {
        let items = try await FileActions(trashDirectory: trash).items(for: MenuTarget(kind: kind, files: files, root: directory.path))
        return try await runAction(try items.item(id), context(kind, files))
    }

    func testMoveExpiredLeavesAFileWrittenToSinceTheActionStarted() async throws {
        try directory.write("old.txt", "o")
        try directory.write("busy.txt", "b")
        let files = [try directory.file("old.txt", state: .expired), try directory.file("busy.txt", state: .expired)]
        // Written to after the daemon checked it (its state now would be pending).
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: directory.path + "/busy.txt"))
        handle.seekToEndOfFile()
        handle.write(Data("more".utf8))
        try handle.close()
        let outcome = try await run("trash-expired", .directory, files)
        XCTAssertEqual(outcome.message, "Moved 1 file to the Trash; left 1 being written to since the action started (busy.txt)")
        XCTAssertFalse(directory.exists("old.txt"))
        XCTAssertEqual(try directory.read("busy.txt"), "bmore")
    }

    func testWhatIsAlreadyInTheTrashIsNeverMovedAgain() async throws {
        try directory.write("a.txt", "a")
        _ = try await run("trash", .file, [try directory.file("a.txt")])
        try directory.write("b.txt", "b")
        let inTrash = [try directory.file(".Trash-test/files/a.txt", state: .expired),
                       try directory.file(".Trash-test/info/a.txt.trashinfo", state: .expired)]
        let outcome = try await run("trash-expired", .directory, inTrash + [try directory.file("b.txt", state: .expired)])
        XCTAssertEqual(outcome.message, "Moved 1 file to the Trash; left 2 already in the Trash")
        XCTAssertEqual(try directory.contents(of: ".Trash-test/files"), ["a.txt", "b.txt"])
        XCTAssertEqual(try directory.contents(of: ".Trash-test/info"), ["a.txt.trashinfo", "b.txt.trashinfo"])

        let error = await thrownError { try await self.run("trash", .file, [inTrash[0]]) }
        XCTAssertEqual((error as? ActionFailure)?.message, "\(trash)/files/a.txt is already in the Trash; it was left there.")
        XCTAssertEqual(try directory.contents(of: ".Trash-test/files"), ["a.txt", "b.txt"])
    }
}

extension TrashSweepTests {
    func testManyFailuresAreSummedUp() async throws {
        let files = (0..<8).map { fakeFile("gone\($0).txt", state: .expired, root: directory.path) }
        let error = await thrownError { try await self.run("trash-expired", .directory, files) }
        let message = try XCTUnwrap((error as? ActionFailure)?.message)
        XCTAssertEqual(message.components(separatedBy: "Cannot move").count - 1, 5, message)
        XCTAssertTrue(message.hasSuffix(" And 3 more failed the same way or another; the daemon's log names each."), message)
        XCTAssertEqual(FailureList.text(["a.", "b."]), "a. b.")
    }
}
