import XCTest
@testable import MenudCore
import MenudProtocol
import TestSupport

/// The tracker against a model computed from scratch after every random operation.
extension ReadinessTrackerTests {
    // MARK: - Against a model

    /// Random operations, checked after each step against states computed from scratch.
    func testMatchesASimpleModelUnderRandomOperations() throws {
        let settings = ReadinessSettings(settleMs: 700, expireAfterMs: 3000)
        let files = ReadinessTracker(settings: settings, clock: clock, instanceId: "model")
        var model: [RelativePath: (lastChange: Int64, partial: Bool)] = [:]
        var generator = SeededGenerator(seed: 7)
        for step in 0..<4000 {
            let name = path("d\(generator.next() % 4)/f\(generator.next() % 60)" + (generator.next() % 10 == 0 ? ".part" : ""))
            switch generator.next() % 10 {
            case 0...5:
                let initial = step < 200
                let mtime = clock.nowMs() - Int64(generator.next() % 5000)
                if files.observe(name, facts: FileFacts(size: Int64(step), mtimeMs: mtime, inode: 1, ctimeMs: mtime), initial: initial) {
                    model[name] = (initial ? min(clock.nowMs(), mtime) : clock.nowMs(), name.bytes.last == UInt8(ascii: "t"))
                }
            case 6:
                XCTAssertEqual(files.remove(name), model.removeValue(forKey: name) != nil)
            case 7:
                let directory = path("d\(generator.next() % 4)")
                let removed = files.removeSubtree(directory)
                let expected = model.keys.filter { $0.isInside(directory) }.sorted()
                XCTAssertEqual(removed, expected)
                for path in expected { model[path] = nil }
            default:
                clock.advance(by: Int64(generator.next() % 400))
            }
            files.advance()
            let now = clock.nowMs()
            var expectedCounts = ReadinessCounts()
            var earliest: Int64?
            for (path, entry) in model {
                let evaluation = settings.evaluate(lastChangeMs: entry.lastChange, partialSuffix: entry.partial ? ".part" : nil, nowMs: now)
                XCTAssertEqual(files.state(of: path), evaluation.state, "step \(step) \(path)")
                expectedCounts[evaluation.state] += 1
                if let next = evaluation.nextTransitionMs { earliest = min(earliest ?? next, next) }
            }
            XCTAssertEqual(files.counts, expectedCounts, "step \(step)")
            XCTAssertEqual(files.nextDeadlineMs, earliest, "step \(step)")
            if step % 50 == 0 {
                XCTAssertEqual(try files.list(FileQuery()).files.map(\.path), model.keys.sorted())
            }
        }
    }
}
