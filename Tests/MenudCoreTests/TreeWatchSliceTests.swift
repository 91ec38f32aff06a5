import MenudProtocol
import XCTest
@testable import MenudCore
import TestSupport

/// The pieces the tree watch slices its work with: a turn's budget, walking a subtree of the
/// tracker a slice at a time, and what one listing of a polled directory changed.
final class TreeWatchSliceTests: XCTestCase {
    private let start: Int64 = 1_764_500_000_000

    func testATurnEndsAfterItsStepsWhenTheClockStandsStill() {
        var turn = TurnBudget(clock: ManualClock(nowMs: start), maxMs: 4, maxSteps: 3)
        XCTAssertEqual((0..<10).filter { _ in turn.take() }.count, 3)
        XCTAssertFalse(turn.take())
        XCTAssertEqual(turn.taken, 3)
    }

    func testATurnEndsOnceItsTimeIsSpentButAlwaysTakesAFirstStep() {
        let clock = ManualClock(nowMs: start)
        var turn = TurnBudget(clock: clock, maxMs: 4, maxSteps: 1000)
        var steps = 0
        while turn.take() {
            steps += 1
            clock.advance(by: 1)  // each step takes a millisecond
        }
        XCTAssertEqual(steps, 4)

        // A turn that starts late (a slow step before it) still makes progress.
        var late = TurnBudget(clock: clock, maxMs: 0, maxSteps: 1000)
        XCTAssertTrue(late.take())
        XCTAssertFalse(late.take())
        var none = TurnBudget(clock: clock, maxMs: 4, maxSteps: 0)
        XCTAssertFalse(none.take())
    }

    private func tracker(_ paths: [String]) -> ReadinessTracker {
        let tracker = ReadinessTracker(clock: ManualClock(nowMs: start), instanceId: "slices")
        for (index, path) in paths.enumerated() {
            tracker.observe(RelativePath(path), facts: FileFacts(size: 1, mtimeMs: start - 10_000, inode: UInt64(index + 1), ctimeMs: start - 10_000),
                            initial: true)
        }
        return tracker
    }

    func testASubtreeWalkedInSlicesIsThePathsUnderItInOrder() {
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &generator)
        var random = SeededGenerator(seed: seed)
        var names: [String] = []
        for _ in 0..<600 {
            let depth = Int.random(in: 1...3, using: &random)
            names.append((0..<depth).map { _ in ["a", "a-b", "a.b", "b", "ab", "c"].randomElement(using: &random)! + "\(Int.random(in: 0..<4, using: &random))" }.joined(separator: "/"))
        }
        // A name is a file or a directory, not both.
        let directories = Set(names.flatMap { name in
            name.split(separator: "/").dropLast().indices.map { name.split(separator: "/")[...$0].joined(separator: "/") }
        })
        let files = Array(Set(names.filter { !directories.contains($0) }))
        let tracker = tracker(files)
        for directory in [RelativePath.root] + directories.sorted().prefix(20).map({ RelativePath($0) }) {
            for size in [1, 2, 7, 1000] {
                var walked: [RelativePath] = []
                var after: RelativePath?
                while true {
                    let slice = tracker.paths(under: directory, after: after, maxCount: size)
                    walked += slice
                    after = slice.last
                    if slice.count < size { break }
                }
                XCTAssertEqual(walked, tracker.paths(under: directory), "seed \(seed), \(directory.displayString), slices of \(size)")
            }
        }
        XCTAssertEqual(tracker.paths(under: .root, after: nil, maxCount: 0), [])
    }

    func testFilesAddedAndRemovedBetweenSlicesAreNeverWalkedTwice() {
        let tracker = tracker(["d/1", "d/3", "d/5", "d/7", "e/1"])
        var walked = tracker.paths(under: RelativePath("d"), after: nil, maxCount: 2)
        XCTAssertEqual(walked, [RelativePath("d/1"), RelativePath("d/3")])
        tracker.observe(RelativePath("d/0"), facts: FileFacts(size: 1, mtimeMs: start, inode: 90, ctimeMs: start))
        tracker.observe(RelativePath("d/4"), facts: FileFacts(size: 1, mtimeMs: start, inode: 91, ctimeMs: start))
        tracker.remove(RelativePath("d/5"))
        walked += tracker.paths(under: RelativePath("d"), after: walked.last, maxCount: 10)
        XCTAssertEqual(walked.map(\.displayString), ["d/1", "d/3", "d/4", "d/7"])
    }

    func testAPollSaysWhatWentAndWhatCame() {
        let p = { (names: [String]) in names.map { RelativePath($0) } }
        let diff = DirectoryPollDiff(known: p(["d/a", "d/b", "d/c"]), listed: p(["d/a", "d/c", "d/new"]),
                                     previousSubdirectories: p(["d/x", "d/y"]), subdirectories: p(["d/y", "d/z"]))
        XCTAssertEqual(diff.unlisted, p(["d/b"]))
        XCTAssertEqual(diff.newSubdirectories, p(["d/z"]))
        XCTAssertEqual(diff.goneSubdirectories, p(["d/x"]))
        XCTAssertFalse(diff.isEmpty)
        XCTAssertTrue(DirectoryPollDiff(known: p(["d/a"]), listed: p(["d/a"]), previousSubdirectories: p(["d/x"]), subdirectories: p(["d/x"])).isEmpty)
    }
}
