import ChecksumPlugin
import Foundation
import MenudNative
import MenudPluginAPI
import XCTest

@testable import FileActionsPlugin

/// `bad\xff.txt` (not valid UTF-8) and its twin `bad\xef\xbf\xbd.txt` (a literal U+FFFD, what
/// the bad name decodes to) read the same; every action on the bad name acts on it alone.
final class TwinNameTests: XCTestCase {
    private let bad: [UInt8] = Array("bad".utf8) + [0xFF] + Array(".txt".utf8)
    private let twin: [UInt8] = Array("bad".utf8) + [0xEF, 0xBF, 0xBD] + Array(".txt".utf8)
    private var root: TemporaryDirectory!
    private var trashHome: TemporaryDirectory!

    override func setUpWithError() throws {
        root = try TemporaryDirectory()
        trashHome = try TemporaryDirectory()
        let folder = try DirectoryDescriptor.open(path: Array(root.path.utf8)).get()
        try XCTUnwrap(folder.createFile(named: bad, mode: 0o644).get()).write(Array("bad".utf8)).get()
        try XCTUnwrap(folder.createFile(named: twin, mode: 0o644).get()).write(Array("twin!".utf8)).get()
    }

    override func tearDown() {
        root.remove()
        trashHome.remove()
    }

    private func target() throws -> TargetFile {
        let file = try root.file(bytes: bad)
        XCTAssertEqual(file.path, String(decoding: twin, as: UTF8.self), "the bad name shows as its twin")
        return file
    }

    private var plugin: FileActions { FileActions(trashDirectory: trashHome.path + "/Trash") }

    private func run(_ id: String, input: String? = nil) async throws -> ActionOutcome {
        let file = try target()
        let target = MenuTarget(kind: .file, files: [file], root: root.path)
        let items = try (plugin.immediateItems(for: target) ?? []) + (ChecksumActions().immediateItems(for: target) ?? [])
        return try await runAction(
            try items.item(id), ActionContext(files: [file], root: root.path, input: input, processes: FoundationProcessLauncher()))
    }

    private func contents(_ directory: String) throws -> [[UInt8]: String] {
        try TreeSnapshot(directory).entries
    }

    func testSha256AndInspectReadTheBadName() async throws {
        let digest = try await run("sha256").output
        XCTAssertEqual(digest, try Sha256Hasher.digest(of: Array("bad".utf8)).hex)
        let inspected = try await run("inspect").output
        let lines = inspected?.split(separator: "\n").map(String.init) ?? []
        XCTAssertEqual(lines[1], "Size: 3 bytes", "the bad file has 3 bytes, its twin 5")
    }

    func testDuplicateCopiesTheBadNameBesideItself() async throws {
        let outcome = try await run("duplicate")
        XCTAssertEqual(outcome.message, "Duplicated bad\u{FFFD}.txt as bad\u{FFFD} copy.txt")
        let copy = Array("bad".utf8) + [0xFF] + Array(" copy.txt".utf8)
        XCTAssertEqual(try contents(root.path), [bad: "file: bad", twin: "file: twin!", copy: "file: bad"])
    }

    func testRenameRenamesTheBadNameAndSeesItsTwinAsTaken() async throws {
        let error = await thrownError { try await self.run("rename", input: String(decoding: self.twin, as: UTF8.self)) }
        XCTAssertEqual((error as? ActionFailure)?.message,
                       "A file named bad\u{FFFD}.txt already exists in the folder; choose another name.")
        XCTAssertEqual(try contents(root.path), [bad: "file: bad", twin: "file: twin!"])
        _ = try await run("rename", input: "good.txt")
        XCTAssertEqual(try contents(root.path), [Array("good.txt".utf8): "file: bad", twin: "file: twin!"])
    }

    func testTrashMovesTheBadNameAndRecordsItsBytes() async throws {
        _ = try await run("trash")
        XCTAssertEqual(try contents(root.path), [twin: "file: twin!"])
        XCTAssertEqual(try contents(trashHome.path + "/Trash/files"), [bad: "file: bad"])
        let info = try contents(trashHome.path + "/Trash/info")
        let infoName = bad + Array(".trashinfo".utf8)
        XCTAssertEqual(info.keys.map { $0 }, [infoName])
        XCTAssertTrue(info[infoName]?.contains("\nPath=\(TrashInfo.percentEncode(root.path))/bad%FF.txt\n") == true,
                      info[infoName] ?? "")
    }
}
