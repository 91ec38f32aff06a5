import Foundation
import MenudCore
import MenudLoop
import MenudNative
import MenudProtocol
@testable import MenudRuntime
import Synchronization
import XCTest

/// The crawler stays at most `batchesAhead` batches ahead of the loop: it posts no more until
/// the loop takes one, then finishes the crawl as batches are taken.
final class TreeCrawlerBoundTests: XCTestCase {
    func testTheCrawlerWaitsForTheLoopToTakeItsBatches() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("crawl-bound-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        // 24 directories of 1,000 files: at least 12 batches of 2,048 files.
        for directory in 0..<24 {
            let folder = root.appendingPathComponent(String(format: "d%02d", directory))
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in 0..<1000 {
                XCTAssertTrue(FileManager.default.createFile(atPath: folder.appendingPathComponent("f\(file)").path, contents: nil))
            }
        }
        let loop = try EventLoop()
        let watcher = try FileSystemWatcher(loop: loop)
        let budget = WatchBudget(registrar: watcher.registrar, maxWatches: nil)
        let posted = Mutex<[CrawlReport]>([])
        let rootBytes = Array(root.path.utf8)
        let crawler = TreeCrawler(root: rootBytes, ignore: IgnoreRules(patterns: []), budget: budget) { report in
            posted.withLock { $0.append(report) }
        }
        defer { crawler.stop() }
        let descriptor = try DirectoryDescriptor.open(path: rootBytes).get()
        crawler.enqueue(CrawlJob(id: 1, directory: .root, reason: .initial, root: descriptor))

        func waitFor(_ condition: ([CrawlReport]) -> Bool) -> [CrawlReport] {
            for _ in 0..<3000 {
                let reports = posted.withLock { $0 }
                if condition(reports) { return reports }
                usleep(10_000)
            }
            return posted.withLock { $0 }
        }
        XCTAssertEqual(waitFor { $0.count >= TreeCrawler.batchesAhead }.count, TreeCrawler.batchesAhead)
        // Nothing more comes while none is taken (a crawler without the bound would have posted
        // every batch by now: listing 24,000 files takes well under this).
        usleep(500_000)
        XCTAssertEqual(posted.withLock { $0.count }, TreeCrawler.batchesAhead, "the crawler ran ahead of the loop")
        var taken = 0
        let all = waitFor { reports in
            while taken < reports.count {
                crawler.batchTaken()
                taken += 1
            }
            return reports.last?.finished == true
        }
        XCTAssertTrue(all.last?.finished == true)
        XCTAssertEqual(all.reduce(0) { $0 + $1.directories.reduce(0) { $0 + $1.files.count } }, 24_000)
        XCTAssertGreaterThan(all.count, TreeCrawler.batchesAhead)
        watcher.close()
        _ = loop.closeEverything()
    }
}
