import MenudCore
@testable import MenudRuntime
import MenudLoop
import MenudProtocol
import XCTest

/// A crawl batch is applied in pieces of a few files: the pieces hold the same directories and
/// files in order, a directory's watch and errors stay with its first piece, and only the last
/// piece ends the job.
final class CrawlReportSlicesTests: XCTestCase {
    private func directory(_ name: String, files: Int, watch: Int32?) -> CrawledDirectory {
        let path = RelativePath(name)
        let listed = (0..<files).map {
            CrawledDirectory.File(path: RelativePath("\(name)/f\($0)"), facts: FileFacts(size: Int64($0), mtimeMs: 1, inode: UInt64($0 + 1), ctimeMs: 1))
        }
        return CrawledDirectory(path: path, identity: nil, watch: watch, watchError: watch == nil ? LoopError(code: -28, operation: "watch") : nil,
                                listError: nil, files: CrawledFiles(listed), subdirectories: watch == nil ? [RelativePath("\(name)/sub")] : nil)
    }

    private func report(_ reason: CrawlJob.Reason, finished: Bool) -> CrawlReport {
        let directories = [directory("a", files: 300, watch: 1), directory("b", files: 0, watch: 2),
                           directory("c", files: 5, watch: nil), directory("d", files: 1000, watch: 4)]
        return CrawlReport(job: CrawlJob(id: 1, directory: .root, reason: reason), directories: directories, finished: finished)
    }

    func testThePiecesHoldTheBatchInOrderWithEachDirectorysWatchInItsFirstPiece() {
        for finished in [false, true] {
            let whole = report(.initial, finished: finished)
            let pieces = whole.slices(maxFiles: 128)
            XCTAssertEqual(pieces.count, (1305 + 127) / 128)
            for (index, piece) in pieces.enumerated() {
                XCTAssertLessThanOrEqual(piece.directories.reduce(0) { $0 + $1.files.count }, 128)
                XCTAssertEqual(piece.finished, finished && index == pieces.count - 1)
                XCTAssertEqual(piece.continuesBatch, index > 0)
                XCTAssertEqual(piece.job.id, 1)
            }
            let files = pieces.flatMap { $0.directories.flatMap { $0.files.map(\.path) } }
            XCTAssertEqual(files, whole.directories.flatMap { $0.files.map(\.path) })
            for original in whole.directories {
                let parts = pieces.flatMap(\.directories).filter { $0.path == original.path }
                XCTAssertEqual(parts.first?.watch, original.watch)
                XCTAssertEqual(parts.first?.watchError, original.watchError)
                XCTAssertEqual(parts.first?.subdirectories, original.subdirectories)
                for later in parts.dropFirst() {
                    XCTAssertNil(later.watch)
                    XCTAssertNil(later.watchError)
                    XCTAssertNil(later.subdirectories)
                }
                XCTAssertEqual(parts.flatMap { $0.files.map(\.path) }, original.files.map(\.path))
            }
        }
    }

    func testASmallBatchAndAPollRoundStayWhole() {
        let small = CrawlReport(job: CrawlJob(id: 2, directory: .root, reason: .rescan), directories: [directory("a", files: 100, watch: 1)],
                                finished: true)
        XCTAssertEqual(small.slices(maxFiles: 128).count, 1)
        XCTAssertTrue(small.slices(maxFiles: 128)[0].finished)
        let poll = report(.poll, finished: true)
        let pieces = poll.slices(maxFiles: 128)
        XCTAssertEqual(pieces.count, 1)
        XCTAssertEqual(pieces[0].directories.map { $0.files.count }, [300, 0, 5, 1000])
    }
}
