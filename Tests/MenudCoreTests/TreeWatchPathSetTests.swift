import MenudProtocol
import XCTest
@testable import MenudCore
import TestSupport

/// `DirectoryPathSet` against a plain set: random inserts, removals and subtree removals, and
/// every subtree query compared with a scan.
final class TreeWatchPathSetTests: XCTestCase {
    func testMatchesAPlainSetUnderRandomChanges() {
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &generator)
        var random = SeededGenerator(seed: seed)
        let names = ["a", "b", "a-b", "a.b", "ab"]
        func randomPath() -> RelativePath {
            let depth = Int.random(in: 0...4, using: &random)
            return RelativePath((0..<depth).map { _ in names.randomElement(using: &random)! }.joined(separator: "/"))
        }
        var set = DirectoryPathSet()
        var model: Set<RelativePath> = []
        for step in 0..<4000 {
            let path = randomPath()
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                set.insert(path)
                model.insert(path)
            case 5..<8:
                set.remove(path)
                model.remove(path)
            default:
                let removed = set.removeSubtree(path)
                let expected = model.filter { $0 == path || $0.isInside(path) }
                XCTAssertEqual(Set(removed), expected, "seed \(seed), step \(step), removeSubtree \(path.displayString)")
                XCTAssertEqual(removed.count, expected.count, "seed \(seed): each member once")
                model.subtract(expected)
            }
            let probe = randomPath()
            XCTAssertEqual(Set(set.members(atOrUnder: probe)), model.filter { $0 == probe || $0.isInside(probe) },
                           "seed \(seed), step \(step), under \(probe.displayString)")
            XCTAssertEqual(set.count, model.count, "seed \(seed), step \(step)")
            XCTAssertEqual(set.contains(path), model.contains(path), "seed \(seed), step \(step)")
        }
        // Removing the members one by one leaves nothing behind on their ways.
        for path in model { set.remove(path) }
        XCTAssertEqual(set.count, 0)
        XCTAssertEqual(set.pathsWithChildren, 0, "seed \(seed)")
    }

    func testAnEmptiedSetKeepsNothingOnTheWay() {
        var set = DirectoryPathSet()
        set.insert(RelativePath("a/b/c"))
        set.insert(RelativePath("a/x"))
        set.remove(RelativePath("a/b/c"))
        XCTAssertEqual(set.members(atOrUnder: .root), [RelativePath("a/x")])
        XCTAssertEqual(set.removeSubtree(RelativePath("a")), [RelativePath("a/x")])
        XCTAssertEqual(set.count, 0)
        XCTAssertEqual(set.members(atOrUnder: .root), [])
        XCTAssertEqual(set.pathsWithChildren, 0)
    }
}
