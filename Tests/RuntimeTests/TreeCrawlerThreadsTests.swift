import Foundation
import MenudCore
import MenudLoop
import MenudNative
import MenudProtocol
@testable import MenudRuntime
import Synchronization
import XCTest

/// Several crawler threads share a walk: every directory and every file is reported once, each
/// job ends with exactly one `finished` report after all its others, and jobs do not overlap.
final class TreeCrawlerThreadsTests: XCTestCase {
    /// `top/aN/bM/cK`, directories of a few files at every level, some empty.
    private func makeTree(_ top: URL) throws -> (directories: Set<String>, files: Set<String>) {
        var directories: Set<String> = [top.lastPathComponent]
        var files: Set<String> = []
        func make(_ relative: String, files count: Int) throws {
            try FileManager.default.createDirectory(at: top.deletingLastPathComponent().appendingPathComponent(relative), withIntermediateDirectories: true)
            directories.insert(relative)
            for index in 0..<count {
                let path = "\(relative)/f\(index)"
                XCTAssertTrue(FileManager.default.createFile(atPath: top.deletingLastPathComponent().appendingPathComponent(path).path, contents: nil))
                files.insert(path)
            }
        }
        let name = top.lastPathComponent
        try make(name, files: 3)
        for a in 0..<6 {
            try make("\(name)/a\(a)", files: a)
            for b in 0..<5 {
                try make("\(name)/a\(a)/b\(b)", files: 2 * b)
                for c in 0..<3 { try make("\(name)/a\(a)/b\(b)/c\(c)", files: c == 1 ? 0 : 7) }
            }
        }
        return (directories, files)
    }

    func testEveryThreadCountReportsEachDirectoryOnceAndEndsEachJobLast() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("crawl-threads-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try makeTree(root.appendingPathComponent("one"))
        let second = try makeTree(root.appendingPathComponent("two"))
        for threads in [1, 2, 4] {
            let loop = try EventLoop()
            let watcher = try FileSystemWatcher(loop: loop)
            let budget = WatchBudget(registrar: watcher.registrar, maxWatches: nil)
            let posted = Mutex<[CrawlReport]>([])
            let rootBytes = Array(root.path.utf8)
            let crawler = TreeCrawler(root: rootBytes, ignore: IgnoreRules(patterns: []), budget: budget, threads: threads) { report in
                posted.withLock { $0.append(report) }
            }
            let descriptor = try DirectoryDescriptor.open(path: rootBytes).get()
            crawler.enqueue(CrawlJob(id: 1, directory: RelativePath("one"), reason: .initial, root: descriptor))
            crawler.enqueue(CrawlJob(id: 2, directory: RelativePath("two"), reason: .newDirectory, root: descriptor))
            var taken = 0
            var reports: [CrawlReport] = []
            for _ in 0..<3000 {
                reports = posted.withLock { $0 }
                while taken < reports.count {
                    crawler.batchTaken()
                    taken += 1
                }
                if reports.filter(\.finished).count == 2 { break }
                usleep(5_000)
            }
            crawler.stop()
            XCTAssertEqual(reports.map(\.finished).filter { $0 }.count, 2, "\(threads) threads: two jobs, two final reports")
            XCTAssertEqual(reports.last?.finished, true, "\(threads) threads")
            let firstEnd = try XCTUnwrap(reports.firstIndex { $0.finished }, "\(threads) threads")
            XCTAssertTrue(reports[...firstEnd].allSatisfy { $0.job.id == 1 }, "\(threads) threads: job 2 began before job 1 ended")
            XCTAssertTrue(reports[(firstEnd + 1)...].allSatisfy { $0.job.id == 2 }, "\(threads) threads")
            for (job, tree) in [(1, first), (2, second)] {
                let directories = reports.filter { $0.job.id == job }.flatMap(\.directories)
                XCTAssertEqual(directories.count, tree.directories.count, "\(threads) threads, job \(job): a directory reported twice or never")
                XCTAssertEqual(Set(directories.map(\.path.displayString)), tree.directories, "\(threads) threads, job \(job)")
                let files = directories.flatMap(\.files).map(\.path.displayString)
                XCTAssertEqual(files.count, tree.files.count, "\(threads) threads, job \(job)")
                XCTAssertEqual(Set(files), tree.files, "\(threads) threads, job \(job)")
                XCTAssertTrue(directories.allSatisfy { $0.watch != nil && $0.listError == nil }, "\(threads) threads, job \(job)")
            }
            watcher.close()
            _ = loop.closeEverything()
        }
    }
}
