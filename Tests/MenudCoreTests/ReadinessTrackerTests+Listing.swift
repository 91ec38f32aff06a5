import XCTest
@testable import MenudCore
import MenudProtocol
import TestSupport

/// Listing: paging, filters, order, snapshots and names that are not UTF-8.
extension ReadinessTrackerTests {
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
        var generator = SeededGenerator(seed: 42)
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
}
