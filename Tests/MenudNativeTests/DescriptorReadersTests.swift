import Foundation
import Glibc
import MenudNative
import XCTest

/// SHA-256 and libmagic reading an open descriptor: the file that was opened, whatever its
/// name stands for afterwards.
final class DescriptorReadersTests: XCTestCase {
    private var sandbox: NativeSandbox!

    override func setUpWithError() throws {
        sandbox = try NativeSandbox()
    }

    override func tearDown() {
        sandbox.remove()
    }

    func testDigestOfAnOpenFileIsThatFilesDigestWithProgress() async throws {
        try sandbox.write(sandbox.root + "/abc.txt", "abc")
        let file = try sandbox.opened().openFile(beneath: "abc.txt".bytes).get()
        try sandbox.write(sandbox.root + "/other", "something else")
        XCTAssertEqual(rename(sandbox.root + "/other", sandbox.root + "/abc.txt"), 0)
        var reported: [Int64] = []
        let digest = try await Sha256Hasher.digest(of: file, name: "abc.txt", bufferSize: 2) { reported.append($0) }
        XCTAssertEqual(digest.hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(reported, [2, 3])
    }

    func testDigestStopsWhenCancelled() async throws {
        try sandbox.write(sandbox.root + "/big", String(repeating: "x", count: 1 << 20))
        let file = try sandbox.opened().openFile(beneath: "big".bytes).get()
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            return try await Sha256Hasher.digest(of: file, name: "big", bufferSize: 4096)
        }
        task.cancel()
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    }

    func testMimeTypeOfAnOpenFileLeavesItsOffsetAndIsRemembered() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52,
                            0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89]
        try Data(png).write(to: URL(fileURLWithPath: sandbox.root + "/picture.txt"))
        try sandbox.write(sandbox.root + "/notes.bin", "plain words\n")
        try sandbox.write(sandbox.root + "/empty", "")
        let root = try sandbox.opened()
        let detector = try MimeTypeDetector()
        let picture = try root.openFile(beneath: "picture.txt".bytes).get()
        XCTAssertEqual(try detector.mimeType(of: picture, name: "picture.txt"), "image/png")
        XCTAssertEqual(try picture.read(upTo: 4).get(), Array(png[0..<4]), "libmagic leaves the offset at the start")
        let notes = try root.openFile(beneath: "notes.bin".bytes).get()
        XCTAssertEqual(try detector.mimeType(of: notes, name: "notes.bin"), "text/plain")
        XCTAssertEqual(try detector.mimeType(of: root.openFile(beneath: "empty".bytes).get(), name: "empty"), "inode/x-empty")
        XCTAssertEqual(try detector.mimeType(ofFileAt: sandbox.root + "/empty"), "inode/x-empty", "the same answer as by path")
        // Swapped content under the same name: the descriptor still says what it opened.
        XCTAssertEqual(rename(sandbox.root + "/notes.bin", sandbox.root + "/gone.bin"), 0)
        XCTAssertEqual(rename(sandbox.root + "/picture.txt", sandbox.root + "/notes.bin"), 0)
        XCTAssertEqual(try detector.mimeType(of: notes, name: "notes.bin"), "text/plain")
        XCTAssertThrowsError(try detector.mimeType(of: root.openDirectory(beneath: []).get().descriptor, name: "root")) { error in
            XCTAssertEqual("\(error)", "Cannot determine the type of root: it is a folder.")
        }
    }

    func testTheStatusAnOpenReturnedNamesTheTypeWithoutAskingAgain() throws {
        let sandbox = try NativeSandbox()
        defer { sandbox.remove() }
        try sandbox.write(sandbox.root + "/notes.bin", "plain words\n")
        try sandbox.write(sandbox.root + "/empty", "")
        let root = try sandbox.opened()
        let detector = try MimeTypeDetector()
        let (notes, status) = try root.openCheckedFile(beneath: "notes.bin".bytes).get()
        XCTAssertEqual(try detector.mimeType(of: notes, status: status, name: "notes.bin"), "text/plain")
        XCTAssertEqual(try notes.read(upTo: 5).get(), Array("plain".utf8), "libmagic leaves the offset at the start")
        let (empty, emptyStatus) = try root.openCheckedFile(beneath: "empty".bytes).get()
        XCTAssertEqual(try detector.mimeType(of: empty, status: emptyStatus, name: "empty"), "inode/x-empty")
        let folder = try root.openDirectory(beneath: []).get().descriptor
        XCTAssertThrowsError(try detector.mimeType(of: folder, status: folder.status().get(), name: "root")) { error in
            XCTAssertEqual("\(error)", "Cannot determine the type of root: it is a folder.")
        }
    }
}
