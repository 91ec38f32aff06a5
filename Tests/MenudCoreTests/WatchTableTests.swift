import MenudCore
import XCTest
import MenudProtocol

/// The bookkeeping that keeps `watchedDirectories` equal to the kernel's watch count.
final class WatchTableTests: XCTestCase {
    private let root = RelativePath.root
    private let a = RelativePath.root.appending("a")
    private var ab: RelativePath { a.appending("b") }

    func testForgettingASubtreeRemovesTheDirectoryItselfAndEverythingBelow() {
        var table = WatchTable()
        XCTAssertEqual(table.register(1, for: root), .registered(remove: []))
        XCTAssertEqual(table.register(2, for: a), .registered(remove: []))
        XCTAssertEqual(table.register(3, for: ab), .registered(remove: []))
        XCTAssertEqual(table.count, 3)
        XCTAssertEqual(Set(table.forgetSubtree(a)), [2, 3])
        XCTAssertEqual(table.count, 1)
        XCTAssertNil(table.watchOf[a])
        // The kernel's IN_IGNORED for the removed watches changes nothing more.
        table.end(2)
        table.end(3)
        XCTAssertEqual(table.count, 1)
        XCTAssertEqual(table.watchOf[root], 1)
    }

    func testANameHoldingAnotherDirectoryGivesUpTheOldWatch() {
        var table = WatchTable()
        _ = table.register(2, for: a)
        XCTAssertEqual(table.register(7, for: a), .registered(remove: [2]), "the old directory's watch is removed from the kernel")
        XCTAssertEqual(table.count, 1)
        XCTAssertNil(table.directoryOf[2])
    }

    func testTheSameDirectoryUnderANewNameForgetsTheOldName() {
        var table = WatchTable()
        _ = table.register(2, for: a)
        let renamed = RelativePath.root.appending("renamed")
        XCTAssertEqual(table.register(2, for: renamed), .registered(remove: []))
        XCTAssertNil(table.watchOf[a])
        XCTAssertEqual(table.watchOf[renamed], 2)
        XCTAssertEqual(table.count, 1)
    }

    func testAReportOfAWatchTheKernelEndedOrTheDaemonRemovedIsVoid() {
        var table = WatchTable()
        table.end(5)  // deleted right after the crawler watched it, before its report
        XCTAssertEqual(table.register(5, for: a), .alreadyEnded)
        XCTAssertEqual(table.count, 0)
        _ = table.register(6, for: ab)
        _ = table.forgetSubtree(ab)
        XCTAssertEqual(table.register(6, for: ab), .alreadyEnded, "removed and awaiting its IN_IGNORED")
        XCTAssertEqual(table.count, 0)
    }

    func testDiscardingAWatchOfADirectoryThatLeftTheTree() {
        var table = WatchTable()
        XCTAssertTrue(table.discard(9, whileCrawling: false), "a watch nothing stands for is removed")
        _ = table.register(4, for: a)
        XCTAssertFalse(table.discard(4, whileCrawling: false), "a watch a directory of the tree uses stays")
        XCTAssertEqual(table.count, 1)
        table.end(9)
        XCTAssertEqual(table.crawlsSettled(), [])
        XCTAssertEqual(table.count, 1)
    }

    /// The kernel watches an inode once: a directory moved out and straight back is crawled
    /// twice, and both crawls get the same watch number. The first crawl's late report must
    /// not take the second one's watch away.
    func testAWatchDiscardedWhileCrawlingWaitsForTheOtherCrawls() {
        var table = WatchTable()
        XCTAssertFalse(table.discard(7, whileCrawling: true), "kept while crawls may still claim it")
        XCTAssertEqual(table.register(7, for: a), .registered(remove: []), "the later crawl of the same directory claims it")
        XCTAssertEqual(table.crawlsSettled(), [], "claimed, so it stays")
        XCTAssertEqual(table.count, 1)
        XCTAssertFalse(table.discard(8, whileCrawling: true))
        XCTAssertEqual(table.crawlsSettled(), [8], "nobody claimed it: removed once the crawls have reported")
        XCTAssertEqual(table.count, 1)
    }
}
