import XCTest
@testable import MenudCore
import MenudProtocol

final class ReadinessTrackerTests: XCTestCase {
    let start: Int64 = 1_764_500_000_000
    var clock: ManualClock!

    override func setUp() {
        clock = ManualClock(nowMs: start)
    }

    func tracker(settleMs: Int64 = 2000, expireAfterMs: Int64? = nil, tombstones: Int = 100_000) -> ReadinessTracker {
        ReadinessTracker(settings: ReadinessSettings(settleMs: settleMs, expireAfterMs: expireAfterMs),
                         clock: clock, instanceId: "test", tombstoneCapacity: tombstones)
    }

    func facts(size: Int64 = 100, mtime: Int64? = nil, inode: UInt64 = 1) -> FileFacts {
        let time = mtime ?? clock.nowMs()
        return FileFacts(size: size, mtimeMs: time, inode: inode, ctimeMs: time)
    }

    func path(_ text: String) -> RelativePath { RelativePath(text) }

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
}
