import XCTest
@testable import MenudCore
import MenudProtocol
import TestSupport

/// Pages read one call at a time (`ReadinessTracker.page`): walked to the end they are the
/// listing, whatever the page size and the visit budget; files changing between pages never
/// make a file that stayed appear twice or go missing.
final class ReadinessPagesTests: XCTestCase {
    private let start: Int64 = 1_764_500_000_000
    private var clock: ManualClock!

    override func setUp() {
        clock = ManualClock(nowMs: start)
    }

    /// Last changed `age` ms ago: with a settle of 1 s and an expiry of 10 s, 0 is pending,
    /// 5,000 ready and 20,000 expired.
    private func facts(age: Int64, inode: UInt64 = 1) -> FileFacts {
        FileFacts(size: 3, mtimeMs: start - age, inode: inode, ctimeMs: start - age)
    }

    /// A tracker with small tree nodes over a random tree of `count` files in every state.
    private func tracker(seed: UInt64, count: Int) -> ReadinessTracker {
        var random = SeededGenerator(seed: seed)
        let files = ReadinessTracker(settings: ReadinessSettings(settleMs: 1000, expireAfterMs: 10_000), clock: clock,
                                     instanceId: "pages", tombstoneCapacity: 100, pathTreeFanout: 4)
        let directories = ["", "a/", "a/b/", "c/", "c/d/e/", "f0/", "f1/"]
        for index in 0..<count {
            let directory = directories[Int(random.next() % UInt64(directories.count))]
            let name = random.next() % 4 == 0 ? "f\(index % 10)" : "x\(index).dat"
            let age: Int64 = [0, 5000, 20_000][Int(random.next() % 3)]
            files.observe(RelativePath(directory + name), facts: facts(age: age, inode: UInt64(index + 1)), initial: true)
        }
        _ = files.advance()
        return files
    }

    /// Every file of `query` with its state, walking pages of `limit` with `maxVisits` each.
    private func walk(_ files: ReadinessTracker, _ query: FileQuery, limit: Int, maxVisits: Int,
                      between: () -> Void = {}) throws -> [(path: [UInt8], state: FileState)] {
        var query = query
        query.limit = limit
        var seen: [(path: [UInt8], state: FileState)] = []
        var position: FilePagePosition?
        var pages = 0
        repeat {
            var page = 0
            position = try files.page(query, from: position, maxVisits: maxVisits) { view in
                page += 1
                seen.append((view.pathBytes, view.state))
            }
            XCTAssertLessThanOrEqual(page, limit, "a page holds at most its limit")
            pages += 1
            XCTAssertLessThan(pages, 100_000, "the walk ends")
            between()
        } while position != nil && pages < 100_000
        return seen
    }

    private func listed(_ files: ReadinessTracker, _ query: FileQuery) throws -> [(path: [UInt8], state: FileState)] {
        var all: [(path: [UInt8], state: FileState)] = []
        _ = try files.forEachFile(query) { all.append(($0.pathBytes, $0.state)) }
        return all
    }

    private let queries: [FileQuery] = {
        let globs: [String?] = [nil, "*", "a/*", "a/**", "c/**/*.dat", "**/f3", "a/b/f7", "**/*.dat", "*/", "z/**"]
        var queries: [FileQuery] = []
        for glob in globs {
            for state in [nil, FileState.pending, .ready, .expired] {
                queries.append(FileQuery(state: state, glob: try! glob.map { try GlobPattern($0) }))
            }
        }
        return queries
    }()

    func testPagesWalkedToTheEndAreTheListing() throws {
        for seed in 1...6 as ClosedRange<UInt64> {
            let files = tracker(seed: seed, count: 300)
            XCTAssertTrue(files.counts.pending > 0 && files.counts.ready > 0 && files.counts.expired > 0, "every state is there")
            for query in queries {
                let expected = try listed(files, query)
                for (limit, maxVisits) in [(1, 1), (7, 3), (50, 1000), (1000, 10_000), (3, 40)] {
                    let walked = try walk(files, query, limit: limit, maxVisits: maxVisits)
                    XCTAssertEqual(walked.map(\.path), expected.map(\.path),
                                   "seed \(seed), \(query), limit \(limit), visits \(maxVisits)")
                    XCTAssertEqual(walked.map(\.state), expected.map(\.state), "seed \(seed), \(query)")
                }
            }
        }
    }

    func testASparseFilterStopsAtTheVisitBudgetWithAShortPageThatIsNotTheLast() throws {
        let files = ReadinessTracker(settings: ReadinessSettings(settleMs: 1000), clock: clock, instanceId: "pages",
                                     tombstoneCapacity: 100, pathTreeFanout: 4)
        for index in 0..<200 { files.observe(RelativePath(String(format: "f%03d.txt", index)), facts: facts(age: 5000), initial: true) }
        files.observe(RelativePath("f199.log"), facts: facts(age: 5000), initial: true)
        _ = files.advance()
        let query = FileQuery(glob: try GlobPattern("**/*.log"), limit: 10)
        var shown = 0
        let position = try files.page(query, from: nil, maxVisits: 20) { _ in shown += 1 }
        XCTAssertEqual(shown, 0, "no match among the first 20 files")
        XCTAssertNotNil(position, "but the walk is not over")
        XCTAssertEqual(try walk(files, query, limit: 10, maxVisits: 20).map(\.path), [Array("f199.log".utf8)])
    }

    func testFilesChangingBetweenPagesNeverRepeatOrLoseAFileThatStayed() throws {
        for seed in 1...4 as ClosedRange<UInt64> {
            let files = tracker(seed: seed, count: 400)
            let stayed = Set(try listed(files, FileQuery()).map(\.path))
            var random = SeededGenerator(seed: seed &+ 100)
            var touched: Set<[UInt8]> = []
            var created = 0
            let walked = try walk(files, FileQuery(), limit: 9, maxVisits: 13) {
                // Remove a file, write another, create new ones anywhere in the order.
                let all = try! self.listed(files, FileQuery())
                guard !all.isEmpty else { return }
                let gone = all[Int(random.next() % UInt64(all.count))].path
                files.remove(RelativePath(bytes: gone))
                touched.insert(gone)
                let written = all[Int(random.next() % UInt64(all.count))].path
                files.observe(RelativePath(bytes: written), facts: self.facts(age: 0, inode: 9))
                touched.insert(written)
                created += 1
                files.observe(RelativePath("a/new\(created)"), facts: self.facts(age: 0, inode: 10))
                files.observe(RelativePath("new\(created)"), facts: self.facts(age: 0, inode: 11))
            }
            let paths = walked.map(\.path)
            XCTAssertEqual(Set(paths).count, paths.count, "no file twice (seed \(seed))")
            XCTAssertTrue(zip(paths, paths.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) }, "in path order")
            XCTAssertTrue(stayed.subtracting(touched).isSubset(of: Set(paths)), "every file left alone is listed (seed \(seed))")
        }
    }

    func testAPositionAdmitsWhatComesAtOrAfterIt() {
        let after = FilePagePosition(key: Array("b".utf8), inclusive: false)
        let at = FilePagePosition(key: Array("b".utf8), inclusive: true)
        XCTAssertFalse(after.admits(Array("b".utf8)))
        XCTAssertTrue(at.admits(Array("b".utf8)))
        XCTAssertTrue(after.admits(Array("b/c".utf8)))
        XCTAssertFalse(at.admits(Array("a/z".utf8)))
    }
}
