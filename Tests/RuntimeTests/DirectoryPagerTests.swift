import Foundation
import MenudCore
import MenudProtocol
import MenudLoop
import MenudNative
import MenudPluginAPI
@testable import MenudRuntime
import Synchronization
import XCTest

/// Pages of the folder read from other threads through the loop: a menu's view (the tracker's
/// facts, names a plugin cannot take left out) and an action's (each file looked up beneath
/// the root as its page is read).
final class DirectoryPagerTests: XCTestCase {
    private let bad: [UInt8] = Array("b".utf8) + [0xFF] + Array(".txt".utf8)
    private let twin: [UInt8] = Array("b\u{FFFD}.txt".utf8)
    private var folder: URL!
    private var root: DirectoryDescriptor!
    private var loop: EventLoop!
    private var tracker: ReadinessTracker!
    private var pager: DirectoryPager!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("menud-pager-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        root = try DirectoryDescriptor.open(path: Array(folder.path.utf8)).get()
        let clock = ManualClock(nowMs: Int64(Date().timeIntervalSince1970 * 1000) + 60_000)
        tracker = ReadinessTracker(settings: ReadinessSettings(settleMs: 1000, expireAfterMs: 10_000), clock: clock, instanceId: "pager")
        for name in [Array("a.txt".utf8), bad, twin, Array("c.txt".utf8), Array("sub/d.txt".utf8)] {
            try write(name, "x")
            let status = try FileStatus.lstat(Array(folder.path.utf8) + [0x2F] + name).get()
            tracker.observe(RelativePath(bytes: name), facts: FileFacts(status), initial: true)
        }
        _ = tracker.advance()
        loop = try EventLoop()
        pager = DirectoryPager(files: tracker, loop: loop)
        try pager.start()
    }

    override func tearDown() {
        _ = loop.closeEverything()
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ name: [UInt8], _ text: String) throws {
        let parent = name.contains(0x2F) ? try? root.openParent(of: name).get().directory : root
        let leaf = name.lastIndex(of: 0x2F).map { Array(name[($0 + 1)...]) } ?? name
        _ = parent?.removeEntry(leaf)
        let file = try XCTUnwrap(try parent?.createFile(named: leaf, mode: 0o644).get())
        _ = file.write(Array(text.utf8))
    }

    /// Runs `body` on another thread while this one turns the loop, and returns what it gave.
    private func offTheLoop<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let box = ResultBox<T>()
        let task = Task.detached {
            do { box.put(.success(try await body())) } catch { box.put(.failure(error)) }
        }
        for _ in 0..<10_000 {
            _ = loop.runOnce()
            if let result = box.take() { return try result.get() }
            usleep(500)
        }
        task.cancel()
        throw ActionFailure("the page never came")
    }

    private func walk(_ directory: TargetDirectory, _ query: TargetFileQuery = TargetFileQuery()) throws -> [TargetFile] {
        try offTheLoop {
            var files: [TargetFile] = []
            try await directory.forEachPage(query) { files += $0 }
            return files
        }
    }

    func testAMenusViewListsTheTrackersFilesAndLeavesOutNamesAPluginCannotTake() throws {
        let pages = try XCTUnwrap(pager.pages)
        let everyName = pages.menuView(counts: tracker.counts, root: folder.path, acceptsAnyName: true)
        XCTAssertEqual(everyName.counts, TargetFileCounts(expired: 5))
        let all = try walk(everyName, TargetFileQuery(limit: 2))
        XCTAssertEqual(all.map(\.pathBytes), [Array("a.txt".utf8), twin, bad, Array("c.txt".utf8), Array("sub/d.txt".utf8)])
        XCTAssertTrue(all.allSatisfy { $0.identity == nil && $0.state == .expired })
        let textOnly = pages.menuView(counts: tracker.counts, root: folder.path, acceptsAnyName: false)
        XCTAssertEqual(try walk(textOnly).map(\.pathBytes), [Array("a.txt".utf8), twin, Array("c.txt".utf8), Array("sub/d.txt".utf8)])
        XCTAssertEqual(try walk(everyName, TargetFileQuery(glob: "sub/*")).map(\.path), ["sub/d.txt"])
    }

    func testAnActionsViewLooksEachFileUpAsItsPageIsRead() throws {
        let pages = try XCTUnwrap(pager.pages)
        let view = pages.actionView(counts: tracker.counts, root: folder.path, rootDirectory: root, acceptsAnyName: true)
        // After the counts were taken: c.txt written again (the tracker has not heard), a.txt
        // replaced by a folder.
        try write(Array("c.txt".utf8), "longer now")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("a.txt"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("a.txt"), withIntermediateDirectories: false)
        let all = try walk(view)
        XCTAssertEqual(all.map(\.pathBytes), [twin, bad, Array("c.txt".utf8), Array("sub/d.txt".utf8)], "a folder is no file")
        XCTAssertEqual(all.map(\.state), [.expired, .expired, .pending, .expired], "changed on disk: pending")
        let badStatus = try FileStatus.lstat(Array(folder.path.utf8) + [0x2F] + bad).get()
        XCTAssertEqual(all[1].identity, FileIdentity(device: badStatus.device, inode: badStatus.inode))
        let expired = try walk(view, TargetFileQuery(state: .expired))
        XCTAssertEqual(expired.map(\.pathBytes), [twin, bad, Array("sub/d.txt".utf8)], "only what is expired now")
    }

    func testABadPatternIsRefusedInWords() throws {
        let view = try XCTUnwrap(pager.pages).menuView(counts: tracker.counts, root: folder.path, acceptsAnyName: true)
        XCTAssertThrowsError(try offTheLoop { try await view.page(TargetFileQuery(glob: "a[")) }) { error in
            XCTAssertTrue((error as? ActionFailure)?.message.hasPrefix("The pattern a[ cannot list the folder's files") == true, "\(error)")
        }
    }

    func testACancelledWaitEndsWithoutTheLoop() async throws {
        let view = try XCTUnwrap(pager.pages).menuView(counts: tracker.counts, root: folder.path, acceptsAnyName: true)
        // Nobody turns the loop: only the cancellation can end the wait.
        let task = Task.detached { try await view.page() }
        try await Task.sleep(nanoseconds: 20_000_000)
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("a page came without the loop")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }
}

/// One result handed from a task to the test's thread.
private final class ResultBox<T: Sendable>: Sendable {
    private let state = Mutex<Result<T, any Error>?>(nil)
    func put(_ result: Result<T, any Error>) { state.withLock { $0 = result } }
    func take() -> Result<T, any Error>? { state.withLock { $0 } }
}
