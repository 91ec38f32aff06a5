import Foundation
import MenudNative
import MenudPluginAPI
import XCTest

@testable import FileActionsPlugin

/// The trash's own folders are never reached through a link, and a move that caught another
/// file than the one checked puts it back.
final class TrashSafetyTests: XCTestCase {
    private var root: TemporaryDirectory!
    private var outside: TemporaryDirectory!

    override func setUpWithError() throws {
        root = try TemporaryDirectory()
        outside = try TemporaryDirectory()
        try root.write("a.txt", "a")
    }

    override func tearDown() {
        root.remove()
        outside.remove()
    }

    private func trash(_ trashDirectory: String) async throws -> (any Error)? {
        let file = try root.file("a.txt")
        let items = try FileActions(trashDirectory: trashDirectory).immediateItems(
            for: MenuTarget(kind: .file, files: [file], root: root.path)) ?? []
        let context = ActionContext(files: [file], root: root.path, processes: FoundationProcessLauncher())
        return await thrownError { try await runAction(try items.item("trash"), context) }
    }

    func testATrashFolderSwappedForALinkIsRefused() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        try FileManager.default.createDirectory(atPath: home.path + "/Trash", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: home.path + "/Trash/files", withDestinationPath: outside.path)
        let error = try await trash(home.path + "/Trash")
        XCTAssertEqual((error as? ActionFailure)?.message,
                       "\(home.path)/Trash/files is not a directory; the Trash cannot be used until it is.")
        XCTAssertEqual(try TreeSnapshot(outside.path).names, [])
        XCTAssertEqual(try TreeSnapshot(root.path).names, ["a.txt"])

        try FileManager.default.createSymbolicLink(atPath: home.path + "/LinkedTrash", withDestinationPath: outside.path)
        let linked = try await trash(home.path + "/LinkedTrash")
        XCTAssertEqual((linked as? ActionFailure)?.message,
                       "\(home.path)/LinkedTrash is not a directory; the Trash cannot be used until it is.")
        XCTAssertEqual(try TreeSnapshot(outside.path).names, [])
    }

    func testATrashFolderOthersCanWriteToIsRefused() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        // Another user got there first: `files/` exists and anyone may write in it.
        try FileManager.default.createDirectory(atPath: home.path + "/Trash/files", withIntermediateDirectories: true)
        XCTAssertEqual(chmod(home.path + "/Trash/files", 0o777), 0)
        let error = try await trash(home.path + "/Trash")
        XCTAssertEqual((error as? ActionFailure)?.message,
                       "\(home.path)/Trash/files can be written by other users, so the Trash there cannot be used: they could take "
                           + "what is moved in. Nothing was moved. Run chmod o-w on it, then try again.")
        XCTAssertEqual(try TreeSnapshot(home.path + "/Trash/files").names, [])
        XCTAssertEqual(try TreeSnapshot(root.path).names, ["a.txt"])
    }

    func testATrashFolderOfAnotherUserIsRefused() async throws {
        try XCTSkipUnless(geteuid() == 0, "giving a folder to another user needs root")
        let home = try TemporaryDirectory()
        defer { home.remove() }
        try FileManager.default.createDirectory(atPath: home.path + "/Trash", withIntermediateDirectories: true)
        XCTAssertEqual(chown(home.path + "/Trash", 4242, 4242), 0)
        let error = try await trash(home.path + "/Trash")
        XCTAssertEqual((error as? ActionFailure)?.message,
                       "\(home.path)/Trash belongs to another user (uid 4242), so the Trash there cannot be used: a file moved in "
                           + "would be theirs. Nothing was moved. Remove that folder, or set trashDirectory to a folder of yours.")
        XCTAssertEqual(try TreeSnapshot(home.path + "/Trash").names, [])
        XCTAssertEqual(try TreeSnapshot(root.path).names, ["a.txt"])
    }

    func testAMoveThatCaughtAnotherFilePutsItBack() throws {
        try root.write("b.txt", "b")
        let folder = try DirectoryDescriptor.open(path: Array(root.path.utf8)).get()
        let checked = try root.file("b.txt").identity!  // what a.txt was checked to be: another file
        let outcome = CheckedMove.move(Array("a.txt".utf8), in: folder, identity: checked, to: folder, as: Array("c.txt".utf8))
        XCTAssertEqual(outcome, .swapped(putBack: true))
        XCTAssertEqual(try root.read("a.txt"), "a")
        XCTAssertFalse(root.exists("c.txt"))
        XCTAssertEqual(CheckedMove.swappedText(putBack: true, newName: "c.txt"),
                       "another file took its name at that very moment; that one was put back and nothing was moved")
        let right = try root.file("a.txt").identity!
        XCTAssertEqual(CheckedMove.move(Array("a.txt".utf8), in: folder, identity: right, to: folder, as: Array("b.txt".utf8)),
                       .nameTaken)
        XCTAssertEqual(CheckedMove.move(Array("a.txt".utf8), in: folder, identity: right, to: folder, as: Array("c.txt".utf8)),
                       .moved)
        XCTAssertEqual(try root.read("c.txt"), "a")
    }
}
