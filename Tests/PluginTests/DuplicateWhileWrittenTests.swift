import Foundation
import MenudNative
import MenudPluginAPI
import XCTest

@testable import FileActionsPlugin

/// Duplicate makes a copy of one version of the file or none: a file written to since the
/// action started, or while it is copied, gets no copy (it would hold parts of two versions,
/// the reason Duplicate is disabled while a file is pending). Rename leaves a file written to
/// since the action started alone, as it does a pending one.
final class DuplicateWhileWrittenTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory.remove()
    }

    func testAFileWrittenToSinceTheActionStartedIsNotCopied() async throws {
        let file = try directory.fileWrittenAfterItWasShown("a.txt")
        let items = try FileActions(trashDirectory: directory.path + "/.trash").immediateItems(
            for: MenuTarget(kind: .file, files: [file], root: directory.path)) ?? []
        let error = await thrownError {
            try await runAction(try items.item("duplicate"), ActionContext(files: [file], root: self.directory.path, processes: FoundationProcessLauncher()))
        }
        XCTAssertEqual((error as? ActionFailure)?.message,
                       "Cannot duplicate a.txt: it is being written to (it changed since the action started). Try again once it is ready.")
        XCTAssertEqual(try directory.contents(), ["a.txt"])
    }

    func testAFileWrittenToSinceTheActionStartedIsNotRenamed() async throws {
        let file = try directory.fileWrittenAfterItWasShown("a.txt")
        let items = try FileActions(trashDirectory: directory.path + "/.trash").immediateItems(
            for: MenuTarget(kind: .file, files: [file], root: directory.path)) ?? []
        let error = await thrownError {
            try await runAction(try items.item("rename"),
                                ActionContext(files: [file], root: self.directory.path, input: "b.txt", processes: FoundationProcessLauncher()))
        }
        XCTAssertEqual((error as? ActionFailure)?.message,
                       "Cannot rename a.txt: it is being written to (it changed since the action started). Try again once it is ready.")
        XCTAssertEqual(try directory.contents(), ["a.txt"])
    }

    func testACopyWhoseSourceChangedMeanwhileIsRemoved() async throws {
        try directory.write("a.txt", "bytes")
        let folder = try DirectoryDescriptor.open(path: Array(directory.path.utf8)).get()
        let input = try folder.openFile(beneath: Array("a.txt".utf8)).get()
        let now = try input.status().get()
        // As if the file had another modification time when the action was given it.
        let error = await thrownError {
            try await FileCopier.copy(input, named: "a.txt", mode: 0o644, into: folder, as: Array("a copy.txt".utf8), shownName: "a copy.txt",
                                      unchangedFrom: (now.size, now.mtimeMs - 1000)) { _ in }
        }
        XCTAssertEqual((error as? FileActionError)?.message,
                       "Cannot duplicate a.txt: it was written to while it was being copied, so the copy was removed. Try again once it is ready.")
        XCTAssertEqual(try directory.contents(), ["a.txt"])
        let again = try folder.openFile(beneath: Array("a.txt".utf8)).get()
        let copied = try await FileCopier.copy(again, named: "a.txt", mode: 0o644, into: folder, as: Array("a copy.txt".utf8),
                                               shownName: "a copy.txt", unchangedFrom: (now.size, now.mtimeMs)) { _ in }
        XCTAssertTrue(copied)
        XCTAssertEqual(try directory.read("a copy.txt"), "bytes")
    }
}
