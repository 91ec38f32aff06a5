@testable import MenudCore
import MenudProtocol
import TestSupport
import XCTest

/// The walker's two quick questions (`ignoresEntry` on a path, and on a name in a directory,
/// both with the first and last byte checked before a pattern is matched) answer what
/// matching every pattern one by one answers, for patterns of every shape.
final class IgnoreRulesEntryTests: XCTestCase {
    private let sources = [".git", "*.swp", ".*.swp", "*~", ".#*", "4913", "cache/", "/top.txt", "a/*/c", "**/deep/*.log",
                           "[ab]*x", "?z", "*", "\\*lit", "é*", "*ü", "build/**", "*.tar.gz", "x*y*z"]
    private let parts: [[UInt8]] = [".git", "f.swp", ".f.swp", "g~", ".#lock", "4913", "cache", "top.txt", "a", "b", "c", "deep",
                                    "run.log", "bx", "az", "zz", "*lit", "élan", "menü", "build", "t.tar.gz", "xyz", "x", "é", "plain"]
        .map { Array($0.utf8) } + [[0xFF, 0x2E, 0x6C, 0x6F, 0x67], [0x7E]]

    func testEntryChecksAgreeWithMatchingEveryPattern() throws {
        let seed = UInt64.random(in: 1...UInt64.max)
        var random = SeededGenerator(seed: seed)
        for round in 0..<300 {
            let chosen = sources.filter { _ in random.next() % 3 == 0 }
            let rules = try IgnoreRules(chosen)
            for _ in 0..<40 {
                let depth = Int(random.next() % 4)
                let directoryParts = (0..<depth).map { _ in parts[Int(random.next() % UInt64(parts.count))] }
                let name = parts[Int(random.next() % UInt64(parts.count))]
                let directory = RelativePath(bytes: Array(directoryParts.joined(separator: [0x2F])))
                let path = directory.appending(component: name)
                for isDirectory in [false, true] {
                    let expected = rules.patterns.contains { $0.matches(path, isDirectory: isDirectory) }
                    let context = "seed \(seed), round \(round): \(chosen) on \(path.displayString) (directory: \(isDirectory))"
                    XCTAssertEqual(rules.ignoresEntry(path, isDirectory: isDirectory), expected, context)
                    XCTAssertEqual(rules.ignoresEntry(named: name, in: directory, isDirectory: isDirectory), expected, context)
                }
            }
        }
    }
}
