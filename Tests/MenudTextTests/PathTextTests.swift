import Foundation
import MenudText
import XCTest

/// `PathText` gives what the `NSString` path methods gave for the paths the daemon configures.
final class PathTextTests: XCTestCase {
    // Not "": Foundation on Linux traps on deletingLastPathComponent of an empty string.
    private let samples = ["/", "/a", "/a/b", "/a/b/", "a", "a/b", "/a//b", "//a", "a/"]

    func testLastAndParentMatchNSString() {
        for path in samples {
            XCTAssertEqual(PathText.lastComponent(path), (path as NSString).lastPathComponent, path)
        }
        // What NSString's deletingLastPathComponent gives (on Linux it traps on some of these).
        let parents = ["/": "/", "/a": "/", "/a/b": "/a", "/a/b/": "/a", "a": "", "a/b": "a", "a/": "", "/a//b": "/a"]
        for (path, parent) in parents {
            XCTAssertEqual(PathText.deletingLastComponent(path), parent, path)
        }
    }

    func testTheEmptyPath() {
        XCTAssertEqual(PathText.lastComponent(""), "")
        XCTAssertEqual(PathText.deletingLastComponent(""), "")
    }

    func testAppendingMatchesNSString() {
        for path in ["/", "/a", "/a/", "a"] {
            for component in ["b", "b/c"] {
                XCTAssertEqual(PathText.appending(path, component), (path as NSString).appendingPathComponent(component), "\(path) + \(component)")
            }
        }
        // NSString keeps both slashes here ("/a//b"); one is enough.
        XCTAssertEqual(PathText.appending("/a", "/b"), "/a/b")
    }

    func testStandardizedResolvesDotsLexically() {
        XCTAssertEqual(PathText.standardized("/a/./b/../c//d/"), "/a/c/d")
        XCTAssertEqual(PathText.standardized("/.."), "/")
        XCTAssertEqual(PathText.standardized("/a/../../b"), "/b")
        XCTAssertEqual(PathText.standardized("a/../../b"), "../b")
    }

    func testTrimmingWhitespace() {
        XCTAssertEqual(" \t a b \n".trimmingWhitespace(), "a b")
        XCTAssertEqual("\u{00A0}x\u{2003}".trimmingWhitespace(), "x")
        XCTAssertEqual("   ".trimmingWhitespace(), "")
        XCTAssertEqual("".trimmingWhitespace(), "")
    }
}
