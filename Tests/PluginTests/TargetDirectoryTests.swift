import MenudPluginAPI
import Synchronization
import XCTest

/// The folder as plugins see it: counts, and pages that walk its files in bytewise order.
final class TargetDirectoryTests: XCTestCase {
    private let files: [TargetFile] = [
        fakeFile("c.txt", state: .expired), fakeFile("a.txt"), fakeFile("b/x.txt", state: .pending),
        fakeFile("b/y.txt", state: .expired), fakeFile("d.txt", state: .expired),
    ]

    private func walk(_ directory: TargetDirectory, _ query: TargetFileQuery) async throws -> (paths: [String], pages: Int) {
        var paths: [String] = []
        var pages = 0
        try await directory.forEachPage(query) { page in
            pages += 1
            XCTAssertLessThanOrEqual(page.count, query.limit)
            paths += page.map(\.path)
        }
        return (paths, pages)
    }

    func testCountsAndPagesOfAFixedList() async throws {
        let directory = TargetDirectory(files: files)
        XCTAssertEqual(directory.counts, TargetFileCounts(pending: 1, ready: 1, expired: 3))
        XCTAssertEqual(directory.counts.total, 5)
        XCTAssertEqual(directory.counts[.expired], 3)
        let all = try await walk(directory, TargetFileQuery(limit: 2))
        XCTAssertEqual(all.paths, ["a.txt", "b/x.txt", "b/y.txt", "c.txt", "d.txt"])
        XCTAssertEqual(all.pages, 3)
        let expired = try await walk(directory, TargetFileQuery(state: .expired, limit: 2))
        XCTAssertEqual(expired.paths, ["b/y.txt", "c.txt", "d.txt"])
        let first = try await directory.page(TargetFileQuery(state: .expired, limit: 1))
        XCTAssertEqual(first.files.map(\.path), ["b/y.txt"])
        let second = try await directory.page(try XCTUnwrap(first.next))
        XCTAssertEqual(second.files.map(\.path), ["c.txt"], "the next page starts after the last file of the one before")
        XCTAssertEqual(second.next?.state, .expired, "and keeps the query's filter")
    }

    func testALimitIsBroughtIntoRange() {
        XCTAssertEqual(TargetFileQuery(limit: 0).limit, 1)
        XCTAssertEqual(TargetFileQuery(limit: 1_000_000).limit, TargetFileQuery.maxLimit)
        var query = TargetFileQuery()
        query.limit = -3
        XCTAssertEqual(query.limit, 1)
        XCTAssertNil(query.position, "a new query starts at the first page")
    }

    func testAFixedListCannotMatchPatterns() async {
        let error = await thrownError { try await TargetDirectory(files: self.files).page(TargetFileQuery(glob: "*.txt")) }
        XCTAssertTrue((error as? ActionFailure)?.message.contains("*.txt") == true, "\(String(describing: error))")
    }

    func testACancelledWalkStopsBeforeTheNextPage() async {
        let asked = Mutex(0)
        let directory = TargetDirectory(counts: TargetFileCounts(ready: 3)) { query in
            asked.withLock { $0 += 1 }
            return TargetFilePage(files: [fakeFile("a")], next: query)
        }
        let task = Task {
            try await directory.forEachPage { _ in withUnsafeCurrentTask { $0?.cancel() } }
        }
        let error = await thrownError { try await task.value }
        XCTAssertTrue(error is CancellationError, "\(String(describing: error))")
        XCTAssertEqual(asked.withLock { $0 }, 1, "no page is read once the task is cancelled")
    }

    func testADirectoryTargetHasNoFilesButAView() async throws {
        let target = MenuTarget(kind: .directory, files: files, root: "/srv/drop")
        XCTAssertEqual(target.files, [])
        XCTAssertEqual(target.directory?.counts.total, 5)
        XCTAssertNil(MenuTarget(kind: .selection, files: files, root: "/srv/drop").directory)
        XCTAssertEqual(TargetFileCounts(of: files), TargetFileCounts(pending: 1, ready: 1, expired: 3))
    }
}
