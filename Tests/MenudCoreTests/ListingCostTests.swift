import XCTest
@testable import MenudCore
import MenudProtocol

/// What a query visits, counted rather than timed: read with one file a slice, a listing
/// takes as many slices as files it looks at, plus at most one to find that it is done.
final class ListingCostTests: XCTestCase {
    private let start: Int64 = 1_764_500_000_000
    private var clock: ManualClock!
    private var files: ReadinessTracker!

    /// 100 directories of 100 ready files, `d000/f000.dat`, with 10 nested ones in d050.
    override func setUp() {
        clock = ManualClock(nowMs: start)
        files = ReadinessTracker(clock: clock, instanceId: "cost")
        let old = start - 100_000
        for directory in 0..<100 {
            for name in (0..<100).reversed() {
                files.observe(RelativePath(String(format: "d%03d/f%03d.dat", directory, name)),
                              facts: FileFacts(size: 1, mtimeMs: old, inode: 1, ctimeMs: old), initial: true)
            }
        }
        for nested in 0..<10 {
            files.observe(RelativePath(String(format: "d050/sub%d/deep/f001.dat", nested)),
                          facts: FileFacts(size: 1, mtimeMs: old, inode: 1, ctimeMs: old), initial: true)
        }
    }

    /// The slices of one file `query` takes, and its total.
    private func visits(_ query: FileQuery) throws -> (visits: Int, total: Int) {
        var cursor = try files.openListing(query)
        var slices = 0
        while !cursor.isFinished {
            files.next(&cursor, maxFiles: 1) { _ in }
            slices += 1
        }
        return (slices, cursor.summary!.total)
    }

    func testAPageCostsThePage() throws {
        XCTAssertLessThanOrEqual(try visits(FileQuery(limit: 100)).visits, 101)
        XCTAssertLessThanOrEqual(try visits(FileQuery(offset: 9_950, limit: 100)).visits, 101)
        XCTAssertLessThanOrEqual(try visits(FileQuery(state: .ready, offset: 5_000, limit: 10)).visits, 11)
    }

    func testAGlobVisitsTheDirectoriesItsLiteralPartNames() throws {
        let direct = try visits(FileQuery(glob: try GlobPattern("d050/*.dat")))
        XCTAssertEqual(direct.total, 100)
        XCTAssertLessThanOrEqual(direct.visits, 100 + 10 + 2, "d050's files, and one step past each subdirectory")
        XCTAssertEqual(try visits(FileQuery(glob: try GlobPattern("d050/f007.dat"))).visits, 1)
        let recursive = try visits(FileQuery(glob: try GlobPattern("**/f001.dat")))
        XCTAssertEqual(recursive.total, 110)
        XCTAssertLessThanOrEqual(recursive.visits, 111, "one lookup per directory")
        let unanchored = try visits(FileQuery(glob: try GlobPattern("f001.dat")))
        XCTAssertEqual(unanchored.total, 110)
        XCTAssertLessThanOrEqual(unanchored.visits, 111)
        let under = try visits(FileQuery(glob: try GlobPattern("d050/**")))
        XCTAssertEqual(under.total, 110)
        XCTAssertLessThanOrEqual(under.visits, 112)
    }

    func testSinceCostsTheChanges() throws {
        let since = files.currentClock
        clock.advance(by: 5)
        files.observe(RelativePath("d070/f005.dat"), facts: FileFacts(size: 2, mtimeMs: start, inode: 1, ctimeMs: start))
        files.remove(RelativePath("d020/f000.dat"))
        let delta = try visits(FileQuery(since: since))
        XCTAssertEqual(delta.total, 1)
        XCTAssertLessThanOrEqual(delta.visits, 129, "the one leaf that changed")
    }

    func testAStateFilterCostsTheFilesInThatState() throws {
        XCTAssertEqual(try visits(FileQuery(state: .pending)).visits, 1)
        clock.advance(by: 5)
        files.observe(RelativePath("d070/f005.dat"), facts: FileFacts(size: 2, mtimeMs: start, inode: 1, ctimeMs: start))
        let pending = try visits(FileQuery(state: .pending))
        XCTAssertEqual(pending.total, 1)
        XCTAssertLessThanOrEqual(pending.visits, 129, "the one leaf that holds a pending file")
    }

    func testDirectoryQueriesCostWhatTheyReturn() {
        XCTAssertEqual(files.paths(directlyIn: RelativePath("d050")).count, 100)
        XCTAssertEqual(files.paths(under: RelativePath("d050")).count, 110)
        XCTAssertEqual(files.paths(under: RelativePath("d050/sub3")), [RelativePath("d050/sub3/deep/f001.dat")])
        XCTAssertEqual(files.paths(directlyIn: RelativePath("d050/sub3")), [])
        XCTAssertEqual(files.paths(directlyIn: .root), [])
        XCTAssertEqual(files.paths(under: .root).count, 10_010)
        XCTAssertEqual(files.counts(under: RelativePath("d050")), ReadinessCounts(ready: 110))
        XCTAssertEqual(files.counts(under: RelativePath("d05")), ReadinessCounts(), "\"d05\" is not \"d050\"")
    }
}
