import XCTest
@testable import MenudProtocol

final class RelativePathTests: XCTestCase {
    func testComponentsParentAndLastComponent() {
        let path = RelativePath("videos/2024/intro.mp4")
        XCTAssertEqual(path.components, [Array("videos".utf8), Array("2024".utf8), Array("intro.mp4".utf8)])
        XCTAssertEqual(path.parent, RelativePath("videos/2024"))
        XCTAssertEqual(path.lastComponent, Array("intro.mp4".utf8))
        XCTAssertEqual(RelativePath("top").parent, .root)
        XCTAssertNil(RelativePath.root.parent)
        XCTAssertEqual(RelativePath.root.components, [])
        XCTAssertEqual(RelativePath.root.lastComponent, [])
        XCTAssertTrue(RelativePath.root.isRoot)
        XCTAssertEqual(RelativePath.root.appending("a").appending("b"), RelativePath("a/b"))
    }

    func testOrderingIsBytewise() {
        let names = ["b", "B", "a/b", "a-b", "a", "é", "z"].map { RelativePath($0) }
        XCTAssertEqual(names.sorted().map(\.displayString), ["B", "a", "a-b", "a/b", "b", "z", "é"])
    }

    func testInsideADirectory() {
        XCTAssertTrue(RelativePath("a/b").isInside(RelativePath("a")))
        XCTAssertFalse(RelativePath("ab").isInside(RelativePath("a")))
        XCTAssertFalse(RelativePath("a").isInside(RelativePath("a")))
        XCTAssertTrue(RelativePath("a").isInside(.root))
        XCTAssertFalse(RelativePath.root.isInside(.root))
    }

    func testInvalidUTF8IsKeptExactly() {
        let bytes: [UInt8] = [0x61, 0x2F, 0xFF, 0xFE, 0x2E, 0x74, 0x78, 0x74]  // "a/\xFF\xFE.txt"
        let path = RelativePath(bytes: bytes)
        XCTAssertFalse(path.isValidUTF8)
        XCTAssertEqual(path.displayString, "a/\u{FFFD}\u{FFFD}.txt")
        XCTAssertEqual(path.base64, "YS///i50eHQ=")
        XCTAssertEqual(RelativePath(base64: path.base64)?.bytes, bytes)
        XCTAssertEqual(path.lastComponent, [0xFF, 0xFE, 0x2E, 0x74, 0x78, 0x74])
        XCTAssertEqual(path.parent, RelativePath("a"))
        XCTAssertNotEqual(path, RelativePath(path.displayString))
        XCTAssertTrue(RelativePath("café").isValidUTF8)
        XCTAssertNil(RelativePath(base64: "not base64!"))
    }
}
