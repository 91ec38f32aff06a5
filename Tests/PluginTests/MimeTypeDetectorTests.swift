import Foundation
import MenudNative
import XCTest

final class MimeTypeDetectorTests: XCTestCase {
    func testDetectsTypesFromContent() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let detector = try MimeTypeDetector()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52,
                            0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89]
        let picture = try directory.write("picture.txt", Data(png))  // the name lies; the content decides
        let text = try directory.write("notes.bin", "plain words\n")
        let empty = try directory.write("empty", "")
        XCTAssertEqual(try detector.mimeType(ofFileAt: picture), "image/png")
        XCTAssertEqual(try detector.mimeType(ofFileAt: text), "text/plain")
        XCTAssertEqual(try detector.mimeType(ofFileAt: empty), "inode/x-empty")
        XCTAssertEqual(try detector.mimeType(of: png), "image/png")
        XCTAssertThrowsError(try detector.mimeType(ofFileAt: directory.path + "/missing")) { error in
            guard case .cannotExamine(let path, _)? = error as? MimeTypeDetectorError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(path, directory.path + "/missing")
        }
    }

    func testDetectorIsSafeToShareAcrossTasks() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write("a.txt", "hello\n")
        let detector = try MimeTypeDetector()
        let types = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<32 { group.addTask { try detector.mimeType(ofFileAt: path) } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        XCTAssertEqual(Set(types), ["text/plain"])
        XCTAssertEqual(types.count, 32)
    }

    func testMissingDatabaseIsReported() {
        XCTAssertThrowsError(try MimeTypeDetector(databasePath: "/nonexistent/magic.mgc")) { error in
            guard case .unavailable? = error as? MimeTypeDetectorError else { return XCTFail("\(error)") }
        }
    }

    func testPatterns() throws {
        let image = try XCTUnwrap(MimeTypePattern("image/*"))
        XCTAssertTrue(image.matches("image/png"))
        XCTAssertTrue(image.matches("IMAGE/JPEG; charset=binary"))
        XCTAssertFalse(image.matches("text/plain"))
        XCTAssertFalse(image.matches("imagepng"))
        XCTAssertTrue(try XCTUnwrap(MimeTypePattern("*/*")).matches("application/pdf"))
        XCTAssertTrue(try XCTUnwrap(MimeTypePattern("text/plain")).matches("text/plain"))
        XCTAssertFalse(try XCTUnwrap(MimeTypePattern("text/plain")).matches("text/html"))
        XCTAssertTrue(try XCTUnwrap(MimeTypePattern("application/vnd.ms-excel")).matches("application/vnd.ms-excel"))
        for bad in ["image", "*/png", "image/", "/png", "image/png/x", "im age/png", ""] {
            XCTAssertNil(MimeTypePattern(bad), bad)
        }
    }

    func testAnswersAreReusedOnlyWhileTheFileIsUnchanged() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("changing")
        try Data("plain words\n".utf8).write(to: file)
        let detector = try MimeTypeDetector()
        XCTAssertEqual(try detector.mimeType(ofFileAt: file.path), "text/plain")
        XCTAssertEqual(try detector.mimeType(ofFileAt: file.path), "text/plain")
        // New content, new size and times: examined again.
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 32)).write(to: file)
        let fresh = try MimeTypeDetector().mimeType(ofFileAt: file.path)
        XCTAssertNotEqual(fresh, "text/plain")
        XCTAssertEqual(try detector.mimeType(ofFileAt: file.path), fresh, "the cached answer is not reused for new content")
    }
}
