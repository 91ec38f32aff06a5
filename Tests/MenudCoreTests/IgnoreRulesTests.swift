import XCTest
@testable import MenudCore
import MenudProtocol

final class IgnoreRulesTests: XCTestCase {
    private func path(_ text: String) -> RelativePath { RelativePath(text) }

    func testDefaultsIgnoreGitAndEditorFiles() {
        let rules = IgnoreRules.defaults
        XCTAssertTrue(rules.ignoresEntry(path(".git"), isDirectory: true))
        XCTAssertTrue(rules.ignoresEntry(path("project/.git"), isDirectory: false))
        for name in ["notes.txt.swp", "notes.txt.swx", ".notes.txt.swp", "notes.txt~", ".#notes.txt", "4913", "sub/4913"] {
            XCTAssertTrue(rules.ignoresEntry(path(name), isDirectory: false), name)
        }
        for name in ["notes.txt", ".github", "4913.txt", "swp", "a~b", "video.mp4.part"] {
            XCTAssertFalse(rules.ignoresEntry(path(name), isDirectory: false), name)
        }
    }

    func testEverythingUnderAnIgnoredDirectoryIsIgnored() {
        let rules = IgnoreRules.defaults
        XCTAssertTrue(rules.isIgnored(path(".git/objects/ab/cdef"), isDirectory: false))
        XCTAssertTrue(rules.isIgnored(path("repo/.git/HEAD"), isDirectory: false))
        XCTAssertFalse(rules.ignoresEntry(path(".git/objects/ab/cdef"), isDirectory: false))
        XCTAssertFalse(rules.isIgnored(path("repo/src/main.swift"), isDirectory: false))
        XCTAssertFalse(rules.isIgnored(.root, isDirectory: true))
    }

    func testDirectoryOnlyPatternsApplyToAncestors() throws {
        let rules = try IgnoreRules(["build/", "/private/*.key"])
        XCTAssertTrue(rules.isIgnored(path("app/build/out.o"), isDirectory: false))
        XCTAssertFalse(rules.isIgnored(path("app/build"), isDirectory: false))
        XCTAssertTrue(rules.isIgnored(path("app/build"), isDirectory: true))
        XCTAssertTrue(rules.isIgnored(path("private/id.key"), isDirectory: false))
        XCTAssertFalse(rules.isIgnored(path("x/private/id.key"), isDirectory: false))
    }

    func testBadPatternIsReported() {
        XCTAssertThrowsError(try IgnoreRules(["*.tmp", "[oops"])) { error in
            XCTAssertEqual((error as? GlobPatternError)?.pattern, "[oops")
        }
    }

    func testNoRulesIgnoreNothing() {
        XCTAssertFalse(IgnoreRules.none.isIgnored(path(".git/HEAD"), isDirectory: false))
    }
}
