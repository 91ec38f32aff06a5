import XCTest
@testable import MenudCore
import MenudProtocol

/// Expiry, the deadline queue, removal, and settings that move the deadlines.
extension ReadinessTrackerTests {
    // MARK: - Expiry

    func testReadyFilesExpireAfterTheConfiguredTime() {
        let week: Int64 = 7 * 86_400_000
        let files = tracker(expireAfterMs: week)
        files.observe(path("a"), facts: facts())
        XCTAssertNil(files.snapshot(of: path("a"))!.expiresAtMs, "pending files have no expiry yet")
        clock.advance(by: 2000)
        XCTAssertEqual(files.advance(), [path("a")])
        let ready = files.snapshot(of: path("a"))!
        XCTAssertEqual(ready.readyAtMs, start + 2000)
        XCTAssertEqual(ready.expiresAtMs, start + 2000 + week)
        XCTAssertEqual(files.nextDeadlineMs, start + 2000 + week)
        clock.set(nowMs: start + 2000 + week - 1)
        XCTAssertEqual(files.advance(), [])
        clock.advance(by: 1)
        XCTAssertEqual(files.advance(), [path("a")])
        let expired = files.snapshot(of: path("a"))!
        XCTAssertEqual(expired.state, .expired)
        XCTAssertEqual(expired.readyAtMs, start + 2000)
        XCTAssertEqual(expired.expiresAtMs, start + 2000 + week)
        XCTAssertEqual(expired.reason, "ready for more than 7 d")
        XCTAssertNil(files.nextDeadlineMs)
        XCTAssertEqual(files.counts, ReadinessCounts(expired: 1))
    }

    func testALateAdvanceJumpsStraightToExpired() {
        let files = tracker(expireAfterMs: 10_000)
        files.observe(path("a"), facts: facts())
        let counter = files.changeCounter
        clock.advance(by: 60_000)
        XCTAssertEqual(files.advance(), [path("a")])
        XCTAssertEqual(files.state(of: path("a")), .expired)
        XCTAssertEqual(files.changeCounter, counter + 1, "one transition, one change")
    }

    func testInitialCrawlCanFindFilesAlreadyExpired() {
        let files = tracker(expireAfterMs: 60_000)
        files.observe(path("ancient"), facts: facts(mtime: start - 3_600_000), initial: true)
        XCTAssertEqual(files.state(of: path("ancient")), .expired)
        XCTAssertEqual(files.snapshot(of: path("ancient"))!.expiresAtMs, start - 3_600_000 + 62_000)
    }

    // MARK: - Deadlines

    func testNextDeadlineIsTheEarliestOfAllFilesAndAdvanceFollowsIt() {
        let files = tracker(expireAfterMs: 10_000)
        files.observe(path("c"), facts: facts(mtime: start - 1000), initial: true)  // ready at +1000
        files.observe(path("a"), facts: facts(mtime: start - 1500), initial: true)  // ready at +500
        files.observe(path("b"), facts: facts(mtime: start - 500), initial: true)   // ready at +1500
        files.observe(path("d.part"), facts: facts(), initial: true)                 // never
        XCTAssertEqual(files.nextDeadlineMs, start + 500)
        var order: [RelativePath] = []
        while let deadline = files.nextDeadlineMs, deadline <= start + 1500 {
            clock.set(nowMs: deadline)
            order += files.advance()
        }
        XCTAssertEqual(order, [path("a"), path("c"), path("b")])
        XCTAssertEqual(files.nextDeadlineMs, start + 10_500, "then the expiries, earliest first")
        clock.set(nowMs: start + 11_000)
        XCTAssertEqual(files.advance(), [path("a"), path("c")])
        XCTAssertEqual(files.nextDeadlineMs, start + 11_500)
    }

    func testRemovedFilesLeaveNoDeadlineBehind() {
        let files = tracker()
        files.observe(path("a"), facts: facts())
        files.remove(path("a"))
        XCTAssertNil(files.nextDeadlineMs)
        clock.advance(by: 5000)
        XCTAssertEqual(files.advance(), [])
    }

    func testTenThousandFilesSettleAndExpireWithCorrectCounts() {
        let files = tracker(expireAfterMs: 60_000)
        // File i changed i ms before the start (initial crawl): ready at start - i + 2000.
        for index in 0..<10_000 {
            files.observe(path("dir\(index % 37)/file\(index)"), facts: facts(mtime: start - Int64(index)), initial: true)
        }
        XCTAssertEqual(files.counts, ReadinessCounts(pending: 2000, ready: 8000))
        XCTAssertEqual(files.nextDeadlineMs, start - 1999 + 2000)
        clock.set(nowMs: start + 1000)
        // Files with i >= 1000 are ready by now: those with 1000 <= i < 2000 turn now.
        XCTAssertEqual(files.advance().count, 1000)
        XCTAssertEqual(files.counts, ReadinessCounts(pending: 1000, ready: 9000))
        clock.set(nowMs: start + 2000)
        XCTAssertEqual(files.advance().count, 1000)
        XCTAssertEqual(files.counts, ReadinessCounts(ready: 10_000))
        // Expiry at start - i + 62 000: at start + 57 000, files with i >= 5000 have expired.
        clock.set(nowMs: start + 57_000)
        XCTAssertEqual(files.advance().count, 5000)
        XCTAssertEqual(files.counts, ReadinessCounts(ready: 5000, expired: 5000))
        XCTAssertEqual(files.nextDeadlineMs, start + 57_001)

        // Rewriting many files over and over must not let stale queue entries pile up.
        for round in 0..<20 {
            clock.advance(by: 10)
            for index in 0..<5000 {
                files.observe(path("dir\(index % 37)/file\(index)"), facts: facts(size: Int64(round + 200)))
            }
        }
        XCTAssertLessThanOrEqual(files.deadlines.count, 2 * 5000 + 1024)
        XCTAssertEqual(files.counts, ReadinessCounts(pending: 5000, expired: 5000))
        clock.advance(by: 2000)
        XCTAssertEqual(files.advance().count, 5000)
        XCTAssertEqual(files.counts, ReadinessCounts(ready: 5000, expired: 5000))
    }

    func testASlotReusedByAFileDueAtTheSameTimeTransitionsOnce() throws {
        let files = tracker()
        files.observe(path("a"), facts: facts())
        files.remove(path("a"))
        _ = try files.list(FileQuery())  // frees a's slot for reuse
        files.observe(path("b"), facts: facts())  // same slot, same deadline as a's stale entry
        XCTAssertEqual(files.nextDeadlineMs, start + 2000)
        clock.advance(by: 2000)
        XCTAssertEqual(files.advance(), [path("b")])
        XCTAssertNil(files.nextDeadlineMs)
        XCTAssertEqual(files.counts, ReadinessCounts(ready: 1))
    }

    // MARK: - Removal

    func testRemoveSubtreeRemovesTheDirectoryAndEverythingUnderIt() {
        let files = tracker()
        for name in ["a", "a/b", "a/b/c", "a-b", "ab", "a.txt", "b/a/x", "0"] {
            files.observe(path(name), facts: facts())
        }
        XCTAssertEqual(files.removeSubtree(path("a")), [path("a"), path("a/b"), path("a/b/c")])
        XCTAssertEqual(files.allPaths(), [path("0"), path("a-b"), path("a.txt"), path("ab"), path("b/a/x")])
        XCTAssertEqual(files.removeSubtree(path("nothing")), [])
        XCTAssertEqual(files.removeSubtree(.root).count, 5)
        XCTAssertEqual(files.count, 0)
        XCTAssertEqual(files.counts, ReadinessCounts())
    }

    func testRemovingAnUntrackedPathIsNotAChange() {
        let files = tracker()
        XCTAssertFalse(files.remove(path("ghost")))
        XCTAssertEqual(files.changeCounter, 0)
    }

    // MARK: - Settings reload

    func testUpdateSettingsRecomputesStatesAndDeadlines() throws {
        let files = tracker()
        files.observe(path("old"), facts: facts(mtime: start - 3000), initial: true)  // ready at -1000
        files.observe(path("new"), facts: facts())                                     // ready at +2000
        files.observe(path("x.part"), facts: facts(mtime: start - 100_000), initial: true)
        XCTAssertEqual(files.counts, ReadinessCounts(pending: 2, ready: 1))
        let before = files.changeCounter

        let changed = files.updateSettings(ReadinessSettings(settleMs: 5000, expireAfterMs: nil, partialSuffixes: [".crdownload"]))
        XCTAssertEqual(changed, [path("old"), path("x.part")])
        XCTAssertEqual(files.state(of: path("old")), .pending, "settle grew past its age")
        XCTAssertEqual(files.state(of: path("x.part")), .ready, ".part is no longer a partial suffix")
        XCTAssertEqual(files.changeCounter, before + 2)
        XCTAssertEqual(files.nextDeadlineMs, start + 2000)
        clock.advance(by: 2000)
        XCTAssertEqual(files.advance(), [path("old")])
        clock.advance(by: 3000)
        XCTAssertEqual(files.advance(), [path("new")])

        let withExpiry = files.updateSettings(ReadinessSettings(settleMs: 5000, expireAfterMs: 60_000, partialSuffixes: []))
        XCTAssertEqual(withExpiry, [path("new"), path("old"), path("x.part")], "expiresAtMs appeared on every ready file")
        XCTAssertNotNil(files.snapshot(of: path("new"))!.expiresAtMs)
        XCTAssertEqual(files.updateSettings(files.settings), [], "the same settings change nothing")
    }
}
