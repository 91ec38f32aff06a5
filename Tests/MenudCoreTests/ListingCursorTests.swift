import XCTest
@testable import MenudCore
import MenudProtocol

/// Listings read in slices while the files change: each answer is the listing at its clock.
final class ListingCursorTests: XCTestCase {
    private let start: Int64 = 1_764_500_000_000
    private var clock: ManualClock!

    override func setUp() {
        clock = ManualClock(nowMs: start)
    }

    private func facts(_ size: Int64, inode: UInt64 = 1) -> FileFacts {
        FileFacts(size: size, mtimeMs: start - 100_000, inode: inode, ctimeMs: start - 100_000)
    }

    /// A tracker with small tree nodes (a deep tree) and 600 ready files in 6 directories.
    private func tracker() -> ReadinessTracker {
        let files = ReadinessTracker(settings: ReadinessSettings(), clock: clock, instanceId: "cursor", tombstoneCapacity: 100,
                                     pathTreeFanout: 4)
        for directory in 0..<6 {
            for name in 0..<100 { files.observe(RelativePath("d\(directory)/f\(name)"), facts: facts(1), initial: true) }
        }
        return files
    }

    private func read(_ files: ReadinessTracker, _ cursor: inout ListingCursor, slice: Int,
                      between: (Int) -> Void) -> [FileSnapshot] {
        var seen: [FileSnapshot] = []
        var slices = 0
        while !cursor.isFinished {
            files.next(&cursor, maxFiles: slice) { seen.append(files.snapshot(of: $0)) }
            between(slices)
            slices += 1
        }
        return seen
    }

    func testAListingReadInSlicesIsTheListingAtItsClock() throws {
        let files = tracker()
        let expected = try files.list(FileQuery())
        var cursor = try files.openListing(FileQuery())
        XCTAssertEqual(cursor.knownTotal, 600)
        XCTAssertEqual(cursor.clock, expected.clock)
        clock.advance(by: 10)
        let seen = read(files, &cursor, slice: 7) { slice in
            // Ahead of the cursor and behind it: writes, removals, new files, a file removed
            // and made again, a whole directory gone and another come.
            files.observe(RelativePath("d5/f\(slice % 100)"), facts: self.facts(Int64(100 + slice)))
            files.remove(RelativePath("d4/f\((slice * 7) % 100)"))
            files.observe(RelativePath("d3/new\(slice)"), facts: self.facts(5))
            if slice == 3 {
                files.remove(RelativePath("d2/f50"))
                files.observe(RelativePath("d2/f50"), facts: self.facts(9, inode: 2))
                files.removeSubtree(RelativePath("d1"))
                files.observe(RelativePath("d0x/late"), facts: self.facts(1))
            }
        }
        XCTAssertEqual(seen, expected.files)
        XCTAssertEqual(cursor.summary, FileListSummary(total: 600, clock: expected.clock, removed: nil, fresh: false))
        XCTAssertEqual(files.openListings.count, 0, "a finished listing is forgotten")
        XCTAssertEqual(files.openListings.keptVersions, 0)
    }

    func testAFilteredListingWithSinceIsTheAnswerAtItsClock() throws {
        let files = tracker()
        let since = files.currentClock
        for name in 0..<40 { files.observe(RelativePath("d2/f\(name)"), facts: facts(2)) }
        files.remove(RelativePath("d3/f1"))
        clock.advance(by: 3000)
        files.advance()
        let query = FileQuery(state: .ready, glob: try GlobPattern("d2/*"), since: since)
        let expected = try files.list(query)
        XCTAssertEqual(expected.files.count, 40)
        var cursor = try files.openListing(query)
        XCTAssertNil(cursor.knownTotal, "a glob is counted as it is read")
        let seen = read(files, &cursor, slice: 3) { slice in
            files.observe(RelativePath("d2/f\(39 - slice)"), facts: self.facts(Int64(50 + slice)))
            files.remove(RelativePath("d2/f\(slice + 60)"))
        }
        XCTAssertEqual(seen, expected.files)
        XCTAssertEqual(cursor.summary?.total, expected.total)
        XCTAssertEqual(cursor.summary?.removed, expected.removed)
    }

    func testACursorShowsTheSettingsOfItsClock() throws {
        let files = tracker()
        files.observe(RelativePath("d0/z.part"), facts: facts(1), initial: true)
        let expected = try files.list(FileQuery(glob: try GlobPattern("d0/*")))
        var cursor = try files.openListing(FileQuery(glob: try GlobPattern("d0/*")))
        files.next(&cursor, maxFiles: 10) { _ in }
        // A reload makes ".part" an ordinary name: z.part would be ready now.
        files.updateSettings(ReadinessSettings(settleMs: 2000, expireAfterMs: 1000, partialSuffixes: []))
        var seen: [FileView] = []
        while !cursor.isFinished { files.next(&cursor, maxFiles: 10) { seen.append($0) } }
        let last = try XCTUnwrap(seen.last)
        XCTAssertEqual(RelativePath(bytes: last.pathBytes), RelativePath("d0/z.part"))
        XCTAssertEqual(last.state, .pending)
        XCTAssertEqual(last.reason.text(partialSuffixes: cursor.settings.partialSuffixes), "partial-download name (.part)")
        XCTAssertEqual(seen.count, expected.files.count - 10)
        XCTAssertNil(seen.first { $0.expiresAtMs != nil }, "the expiry came with the reload")
    }

    func testAClosedCursorKeepsNothing() throws {
        let files = tracker()
        var cursor = try files.openListing(FileQuery())
        files.next(&cursor, maxFiles: 5) { _ in }
        for name in 0..<100 { files.observe(RelativePath("d5/f\(name)"), facts: facts(3)) }
        XCTAssertEqual(files.openListings.count, 1)
        XCTAssertEqual(files.openListings.keptVersions, 100, "the old versions the cursor has yet to reach")
        files.close(cursor)
        XCTAssertEqual(files.openListings.count, 0)
        XCTAssertEqual(files.openListings.keptVersions, 0)
    }
}
