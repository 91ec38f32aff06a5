@testable import MenudLoop
import XCTest

/// Which request paths name a page file, before the kernel is asked (`openat2` beneath the
/// folder, no links, is the second fence; the server tests cover it).
final class WebDocumentPathTests: XCTestCase {
    private func file(_ path: String) -> String? {
        WebDocumentPath.file(for: path).map { String(decoding: $0.path, as: UTF8.self) }
    }

    func testPlainPathsNameFilesWithTheirTypes() {
        XCTAssertEqual(file("/"), "index.html")
        XCTAssertEqual(file("/app.js"), "app.js")
        XCTAssertEqual(file("/icons/menu-2_x.svg"), "icons/menu-2_x.svg")
        XCTAssertEqual(file("/docs/"), "docs/index.html")
        XCTAssertEqual(WebDocumentPath.file(for: "/a.png")?.contentType, "image/png")
        XCTAssertEqual(WebDocumentPath.file(for: "/a.json")?.contentType, "application/json")
        XCTAssertEqual(WebDocumentPath.file(for: "/a.svg")?.contentType, "image/svg+xml")
        XCTAssertEqual(WebDocumentPath.file(for: "/a.css")?.contentType, "text/css; charset=utf-8")
    }

    func testEverythingElseIsRefused() {
        for path in ["", "app.js", "/../app.js", "/a/../app.js", "/./app.js", "/.git/config", "/.env.js", "/a//b.js",
                     "/app", "/app.JS", "/app.txt", "/a b.js", "/a%2fb.js", "/ü.js", "/a\\b.js", "/a\u{0}.js",
                     "/" + String(repeating: "a", count: 1100) + ".js", String(repeating: "/a", count: 17) + ".js"] {
            XCTAssertNil(file(path), path)
        }
    }
}
