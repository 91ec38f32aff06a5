import XCTest
@testable import MenudCore
import MenudProtocol

final class ReadinessTrackerTests: XCTestCase {
    private let start: Int64 = 1_764_500_000_000
    private var clock: ManualClock!

    override func setUp() {
        clock = ManualClock(nowMs: start)
    }

    private func tracker(settleMs: Int64 = 2000, expireAfterMs: Int64? = nil, tombstones: Int = 100_000) -> ReadinessTracker {
        ReadinessTracker(settings: ReadinessSettings(settleMs: settleMs, expireAfterMs: expireAfterMs),
                         clock: clock, instanceId: "test", tombstoneCapacity: tombstones)
    }

    private func facts(size: Int64 = 100, mtime: Int64? = nil, inode: UInt64 = 1) -> FileFacts {
        let time = mtime ?? clock.nowMs()
        return FileFacts(size: size, mtimeMs: time, inode: inode, ctimeMs: time)
    }

    private func path(_ text: String) -> RelativePath { RelativePath(text) }

    // MARK: - Initial crawl

    func testInitialCrawlMakesOldFilesReadyAtOnce() {
        let files = tracker()
        XCTAssertTrue(files.observe(path("old.mp4"), facts: facts(mtime: start - 60_000), initial: true))
        XCTAssertEqual(files.state(of: path("old.mp4")), .ready)
        let snapshot = files.snapshot(of: path("old.mp4"))!
        XCTAssertEqual(snapshot.readyAtMs, start - 58_000)
        XCTAssertNil(snapshot.expiresAtMs)
        XCTAssertEqual(snapshot.reason, "unchanged for 1 min")
    }

    func testInitialCrawlCountsSettleFromTheModificationTime() {
        let files = tracker()
        files.observe(path("recent.bin"), facts: facts(mtime: start - 500), initial: true)
        XCTAssertEqual(files.state(of: path("recent.bin")), .pending)
        XCTAssertEqual(files.nextDeadlineMs, start + 1500)
        XCTAssertEqual(files.reason(for: path("recent.bin")), "changed 500 ms ago")
        clock.advance(by: 1499)
        XCTAssertEqual(files.advance(), [])
        clock.advance(by: 1)
        XCTAssertEqual(files.advance(), [path("recent.bin")])
    }

    func testInitialCrawlNeverDatesAChangeInTheFuture() {
        let files = tracker()
        files.observe(path("skewed"), facts: facts(mtime: start + 3_600_000), initial: true)
        XCTAssertEqual(files.state(of: path("skewed")), .pending)
        XCTAssertEqual(files.nextDeadlineMs, start + 2000)
    }

    // MARK: - Settling

    func testNewFileIsPendingThenReadyExactlyAtTheSettleTime() {
        let files = tracker()
        XCTAssertTrue(files.observe(path("a.txt"), facts: facts()))
        XCTAssertEqual(files.state(of: path("a.txt")), .pending)
        XCTAssertNil(files.snapshot(of: path("a.txt"))!.readyAtMs)
        XCTAssertEqual(files.nextDeadlineMs, start + 2000)
        clock.advance(by: 120)
        XCTAssertEqual(files.reason(for: path("a.txt")), "changed 120 ms ago")
        clock.set(nowMs: start + 1999)
        XCTAssertEqual(files.advance(), [])
        XCTAssertEqual(files.state(of: path("a.txt")), .pending)
        clock.set(nowMs: start + 2000)
        XCTAssertEqual(files.advance(), [path("a.txt")])
        XCTAssertEqual(files.state(of: path("a.txt")), .ready)
        XCTAssertEqual(files.snapshot(of: path("a.txt"))!.readyAtMs, start + 2000)
        XCTAssertEqual(files.reason(for: path("a.txt")), "unchanged for 2 s")
        XCTAssertNil(files.nextDeadlineMs)
        XCTAssertEqual(files.counts, ReadinessCounts(pending: 0, ready: 1, expired: 0))
    }

    func testModificationRestartsTheSettleTime() {
        let files = tracker()
        files.observe(path("a.txt"), facts: facts(size: 1))
        clock.advance(by: 1500)
        XCTAssertTrue(files.observe(path("a.txt"), facts: facts(size: 2)))
        XCTAssertEqual(files.nextDeadlineMs, start + 3500)
        clock.set(nowMs: start + 2000)
        XCTAssertEqual(files.advance(), [], "the first deadline is stale")
        XCTAssertEqual(files.state(of: path("a.txt")), .pending)
        clock.set(nowMs: start + 3500)
        XCTAssertEqual(files.advance(), [path("a.txt")])
        XCTAssertEqual(files.snapshot(of: path("a.txt"))!.readyAtMs, start + 3500)
    }

    func testModifyingAReadyFileMakesItPendingAgain() {
        let files = tracker()
        files.observe(path("a"), facts: facts(mtime: start - 10_000), initial: true)
        XCTAssertEqual(files.state(of: path("a")), .ready)
        clock.advance(by: 5000)
        XCTAssertTrue(files.observe(path("a"), facts: facts(size: 200)))
        XCTAssertEqual(files.state(of: path("a")), .pending)
        XCTAssertEqual(files.counts, ReadinessCounts(pending: 1))
        XCTAssertEqual(files.nextDeadlineMs, start + 7000)
    }

    func testEachFactCountsAsAChange() {
        let files = tracker()
        let base = facts()
        files.observe(path("a"), facts: base)
        var bigger = base; bigger.size += 1
        var touched = bigger; touched.mtimeMs += 1
        var replaced = touched; replaced.inode += 1
        var chmodded = replaced; chmodded.ctimeMs += 1
        for changed in [bigger, touched, replaced, chmodded] {
            XCTAssertTrue(files.observe(path("a"), facts: changed))
        }
        XCTAssertEqual(files.changeCounter, 5)
    }

    func testUnchangedFactsAreNotAChange() {
        let files = tracker()
        let same = facts()
        files.observe(path("a"), facts: same)
        let counter = files.changeCounter
        clock.advance(by: 1900)
        XCTAssertFalse(files.observe(path("a"), facts: same), "a rescan after an overflow")
        XCTAssertFalse(files.observe(path("a"), facts: same, initial: true))
        XCTAssertEqual(files.changeCounter, counter)
        XCTAssertEqual(files.nextDeadlineMs, start + 2000, "timing is not reset")
        clock.advance(by: 100)
        XCTAssertEqual(files.advance(), [path("a")])
    }

    func testZeroSettleMakesNewFilesReadyImmediately() {
        let files = tracker(settleMs: 0)
        files.observe(path("a"), facts: facts())
        XCTAssertEqual(files.state(of: path("a")), .ready)
        XCTAssertNil(files.nextDeadlineMs)
    }

    func testTheRootIsNeverAFile() {
        let files = tracker()
        XCTAssertFalse(files.observe(.root, facts: facts()))
        XCTAssertEqual(files.count, 0)
    }

    // MARK: - Partial downloads

    func testPartialNameStaysPendingForeverThenSettlesAfterRename() {
        let files = tracker()
        let partial = path("downloads/movie.mp4.part")
        files.observe(partial, facts: facts(mtime: start - 86_400_000), initial: true)
        XCTAssertEqual(files.state(of: partial), .pending)
        XCTAssertNil(files.nextDeadlineMs, "a partial file has no deadline")
        XCTAssertEqual(files.reason(for: partial), "partial-download name (.part)")
        clock.advance(by: 30 * 86_400_000)
        XCTAssertEqual(files.advance(), [])
        XCTAssertEqual(files.state(of: partial), .pending)

        // The browser renames the finished download.
        let final = path("downloads/movie.mp4")
        let renamed = facts(mtime: start - 86_400_000)
        XCTAssertTrue(files.observe(final, facts: renamed))
        XCTAssertTrue(files.remove(partial))
        XCTAssertEqual(files.state(of: final), .pending, "a rename is a change")
        XCTAssertEqual(files.nextDeadlineMs, clock.nowMs() + 2000)
        clock.advance(by: 2000)
        XCTAssertEqual(files.advance(), [final])
        XCTAssertEqual(files.counts, ReadinessCounts(ready: 1))
    }

    func testPartialSuffixesIgnoreASCIICase() {
        let files = tracker()
        for name in ["a.CRDOWNLOAD", "b.Download", "c.tmp", ".part"] {
            files.observe(path(name), facts: facts(mtime: start - 100_000), initial: true)
            XCTAssertEqual(files.state(of: path(name)), .pending, name)
        }
        files.observe(path("partial.txt"), facts: facts(mtime: start - 100_000), initial: true)
        XCTAssertEqual(files.state(of: path("partial.txt")), .ready)
        XCTAssertEqual(files.reason(for: path("a.CRDOWNLOAD")), "partial-download name (.crdownload)")
    }

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

    // MARK: - Change clock, since and tombstones

    func testChangeCounterAndFileClocks() throws {
        let files = tracker()
        files.observe(path("a"), facts: facts())           // 1
        files.observe(path("b"), facts: facts())           // 2
        XCTAssertEqual(files.snapshot(of: path("a"))!.clock, "test:1")
        clock.advance(by: 2000)
        XCTAssertEqual(files.advance(), [path("a"), path("b")]) // 3, 4
        XCTAssertEqual(files.snapshot(of: path("b"))!.clock, "test:4")
        files.remove(path("a"))                            // 5
        XCTAssertEqual(files.currentClock, "test:5")
        XCTAssertEqual(try files.list(FileQuery()).clock, "test:5")
    }

    func testSinceListsOnlyChangesAndRemovals() throws {
        let files = tracker()
        for name in ["keep", "modify", "delete", "settle"] {
            files.observe(path(name), facts: facts(mtime: start - 100_000), initial: true)
        }
        files.observe(path("settle"), facts: facts(size: 5))
        let first = try files.list(FileQuery())
        XCTAssertEqual(first.files.map(\.path), [path("delete"), path("keep"), path("modify"), path("settle")])
        XCTAssertNil(first.removed)
        XCTAssertFalse(first.fresh)

        files.observe(path("modify"), facts: facts(size: 999))
        files.remove(path("delete"))
        files.observe(path("new"), facts: facts())
        clock.advance(by: 2000)
        files.advance()

        let delta = try files.list(FileQuery(since: first.clock))
        XCTAssertFalse(delta.fresh)
        XCTAssertEqual(delta.files.map(\.path), [path("modify"), path("new"), path("settle")])
        XCTAssertEqual(delta.total, 3)
        XCTAssertEqual(delta.removed, [path("delete")])

        let nothing = try files.list(FileQuery(since: delta.clock))
        XCTAssertEqual(nothing.files, [])
        XCTAssertEqual(nothing.removed, [])
        XCTAssertEqual(nothing.clock, delta.clock)
    }

    func testARemovedThenRecreatedFileIsListedNotRemoved() throws {
        let files = tracker()
        files.observe(path("a"), facts: facts())
        let before = try files.list(FileQuery()).clock
        files.remove(path("a"))
        files.observe(path("a"), facts: facts(inode: 2))
        let delta = try files.list(FileQuery(since: before))
        XCTAssertEqual(delta.files.map(\.path), [path("a")])
        XCTAssertEqual(delta.removed, [])
    }

    func testSinceWithAStateFilterReportsFilesThatLeftIt() throws {
        let files = tracker()
        files.observe(path("a"), facts: facts(mtime: start - 100_000), initial: true)
        files.observe(path("b"), facts: facts(mtime: start - 100_000), initial: true)
        let ready = try files.list(FileQuery(state: .ready))
        XCTAssertEqual(ready.total, 2)
        files.observe(path("a"), facts: facts(size: 1))
        let delta = try files.list(FileQuery(state: .ready, since: ready.clock))
        XCTAssertEqual(delta.files, [])
        XCTAssertEqual(delta.removed, [path("a")])
    }

    func testSinceFromAnotherInstanceGivesTheFullFreshList() throws {
        let files = tracker()
        files.observe(path("a"), facts: facts())
        files.observe(path("b"), facts: facts())
        let page = try files.list(FileQuery(since: "previous-run:1"))
        XCTAssertTrue(page.fresh)
        XCTAssertNil(page.removed)
        XCTAssertEqual(page.files.map(\.path), [path("a"), path("b")])
        XCTAssertTrue(try files.list(FileQuery(since: "test:999")).fresh, "a clock from the future")
    }

    func testInstanceIdsMayContainColons() throws {
        let files = ReadinessTracker(clock: clock, instanceId: "host:4242")
        files.observe(path("a"), facts: facts())
        let page = try files.list(FileQuery())
        XCTAssertEqual(page.clock, "host:4242:1")
        XCTAssertFalse(try files.list(FileQuery(since: page.clock)).fresh)
    }

    func testInvalidSinceIsAClearError() {
        let files = tracker()
        for bad in ["", "nocolon", "test:", "test:-1", "test:12x", ":5", "test:99999999999999999999999"] {
            XCTAssertThrowsError(try files.list(FileQuery(since: bad)), bad) { error in
                guard case ReadinessQueryError.invalidSince(let clockError) = error else {
                    return XCTFail("\(bad): \(error)")
                }
                XCTAssertEqual(clockError.text, bad)
                XCTAssertEqual((error as! ReadinessQueryError).param, "since")
                XCTAssertTrue(String(describing: error).contains("pass the \"clock\" string"))
            }
        }
    }

    func testForgottenRemovalsForceAFreshList() throws {
        let files = tracker(tombstones: 3)
        for index in 0..<6 { files.observe(path("f\(index)"), facts: facts()) }
        let before = try files.list(FileQuery()).clock
        files.remove(path("f0"))
        files.remove(path("f1"))
        files.remove(path("f2"))
        let kept = try files.list(FileQuery(since: before))
        XCTAssertFalse(kept.fresh)
        XCTAssertEqual(kept.removed, [path("f0"), path("f1"), path("f2")])
        let middle = kept.clock
        files.remove(path("f3"))
        let lost = try files.list(FileQuery(since: before))
        XCTAssertTrue(lost.fresh, "the removal of f0 was forgotten")
        XCTAssertEqual(lost.files.map(\.path), [path("f4"), path("f5")])
        let recent = try files.list(FileQuery(since: middle))
        XCTAssertEqual(recent.removed, [path("f3")])
    }

    func testTombstonesStayBoundedOverManyRemovals() throws {
        let files = tracker(tombstones: 100)
        for index in 0..<10_000 {
            files.observe(path("f\(index)"), facts: facts())
            files.remove(path("f\(index)"))
        }
        XCTAssertEqual(files.tombstones.count, 100)
        let page = try files.list(FileQuery(since: "test:\(files.changeCounter - 10)"))
        XCTAssertEqual(page.removed, [path("f9995"), path("f9996"), path("f9997"), path("f9998"), path("f9999")])
    }

    // MARK: - Listing

    func testPagingFiltersAndOrder() throws {
        let files = tracker()
        let names = ["b.mp4", "a/x.mp4", "a/y.txt", "B.mp4", "c.txt.part", "a-z.mp4"]
        for name in names { files.observe(path(name), facts: facts(mtime: start - 100_000), initial: true) }
        files.observe(path("fresh.mp4"), facts: facts())

        let all = try files.list(FileQuery())
        XCTAssertEqual(all.total, 7)
        XCTAssertEqual(all.files.map(\.path.displayString), ["B.mp4", "a-z.mp4", "a/x.mp4", "a/y.txt", "b.mp4", "c.txt.part", "fresh.mp4"])

        let page = try files.list(FileQuery(offset: 2, limit: 3))
        XCTAssertEqual(page.total, 7)
        XCTAssertEqual(page.files.map(\.path.displayString), ["a/x.mp4", "a/y.txt", "b.mp4"])
        XCTAssertEqual(try files.list(FileQuery(offset: 6, limit: 5)).files.map(\.path.displayString), ["fresh.mp4"])
        XCTAssertEqual(try files.list(FileQuery(offset: 100)).files, [])
        XCTAssertEqual(try files.list(FileQuery(limit: 0)).files, [])
        XCTAssertEqual(try files.list(FileQuery(limit: 0)).total, 7)

        let mp4 = try files.list(FileQuery(glob: try GlobPattern("*.mp4")))
        XCTAssertEqual(mp4.total, 5)
        let readyMp4 = try files.list(FileQuery(state: .ready, glob: try GlobPattern("*.mp4"), offset: 1, limit: 2))
        XCTAssertEqual(readyMp4.total, 4)
        XCTAssertEqual(readyMp4.files.map(\.path.displayString), ["a-z.mp4", "a/x.mp4"])
        let pending = try files.list(FileQuery(state: .pending))
        XCTAssertEqual(pending.files.map(\.path.displayString), ["c.txt.part", "fresh.mp4"])
        XCTAssertEqual(try files.list(FileQuery(state: .expired)).total, 0)
        XCTAssertEqual(try files.list(FileQuery(glob: try GlobPattern("a/*"))).total, 2)
    }

    func testNegativeOffsetOrLimitIsRefused() {
        let files = tracker()
        XCTAssertThrowsError(try files.list(FileQuery(offset: -1))) { error in
            XCTAssertEqual((error as? ReadinessQueryError)?.param, "offset")
        }
        XCTAssertThrowsError(try files.list(FileQuery(limit: -5))) { error in
            XCTAssertEqual((error as? ReadinessQueryError)?.param, "limit")
        }
    }

    func testSnapshotCarriesTheFileObjectFields() {
        let files = tracker(expireAfterMs: 86_400_000)
        files.observe(path("videos/intro.mp4"), facts: FileFacts(size: 2_400_000, mtimeMs: start - 10_000, inode: 7, ctimeMs: start - 10_000), initial: true)
        let snapshot = files.snapshot(of: path("videos/intro.mp4"))!
        XCTAssertEqual(snapshot, FileSnapshot(
            path: path("videos/intro.mp4"), size: 2_400_000, sizeText: "2.4 MB", state: .ready,
            mtimeMs: start - 10_000, readyAtMs: start - 8000, expiresAtMs: start - 8000 + 86_400_000,
            reason: "unchanged for 10 s", clock: "test:1"))
        XCTAssertNil(files.snapshot(of: path("videos/other.mp4")))
        XCTAssertNil(files.reason(for: path("videos/other.mp4")))
    }

    func testSortedIndexSurvivesInterleavedAddsRemovesAndReads() throws {
        let files = tracker()
        var expected = Set<String>()
        var generator = SplitMix64(seed: 42)
        for step in 0..<3000 {
            let name = "n\(generator.next() % 500)"
            if generator.next() % 3 == 0 {
                files.remove(path(name))
                expected.remove(name)
            } else {
                files.observe(path(name), facts: facts(size: Int64(step)))
                expected.insert(name)
            }
            if step % 97 == 0 {
                XCTAssertEqual(try files.list(FileQuery()).files.map(\.path), expected.map { path($0) }.sorted())
            }
        }
        XCTAssertEqual(files.allPaths(), expected.map { path($0) }.sorted())
        XCTAssertEqual(files.count, expected.count)
    }

    func testHundredThousandInsertsWithReadsInBetween() throws {
        let files = tracker()
        var largest = path("")
        for index in 0..<100_000 {
            let name = path(String(format: "d%02d/f%06d", index % 50, (index * 7919) % 100_000))
            largest = max(largest, name)
            files.observe(name, facts: facts())
            if index % 10_000 == 0 {
                XCTAssertEqual(try files.list(FileQuery(limit: 1)).total, index + 1)
            }
        }
        let page = try files.list(FileQuery(offset: 99_999, limit: 10))
        XCTAssertEqual(page.total, 100_000)
        XCTAssertEqual(page.files.map(\.path), [largest])
    }

    // MARK: - Names that are not UTF-8

    func testNamesThatAreNotUTF8AreKeptExactly() throws {
        let files = tracker()
        let latin1 = RelativePath(bytes: Array("music/caf".utf8) + [0xE9] + Array(".mp3".utf8))
        let other = RelativePath(bytes: Array("music/caf".utf8) + [0xFF] + Array(".mp3".utf8))
        files.observe(latin1, facts: facts(mtime: start - 100_000), initial: true)
        files.observe(other, facts: facts(mtime: start - 100_000), initial: true)
        XCTAssertEqual(files.count, 2, "two names that display alike are two files")
        let page = try files.list(FileQuery(glob: try GlobPattern("*.mp3")))
        XCTAssertEqual(page.files.map(\.path), [latin1, other])
        for snapshot in page.files {
            XCTAssertFalse(snapshot.path.isValidUTF8)
            XCTAssertEqual(snapshot.path.displayString, "music/caf\u{FFFD}.mp3")
            XCTAssertEqual(RelativePath(base64: snapshot.path.base64), snapshot.path)
        }
        XCTAssertEqual(files.removeSubtree(path("music")), [latin1, other])
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

    // MARK: - Against a model

    /// Random operations, checked after each step against states computed from scratch.
    func testMatchesASimpleModelUnderRandomOperations() throws {
        let settings = ReadinessSettings(settleMs: 700, expireAfterMs: 3000)
        let files = ReadinessTracker(settings: settings, clock: clock, instanceId: "model")
        var model: [RelativePath: (lastChange: Int64, partial: Bool)] = [:]
        var generator = SplitMix64(seed: 7)
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
