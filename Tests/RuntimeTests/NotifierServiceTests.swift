import MenudCore
@testable import MenudRuntime
import XCTest
import MenudJSON
import MenudProtocol

/// `files.changed` / `files.removed`: coalesced over 50 ms, never later than the 200 ms bound,
/// 500 files per message.
final class NotifierServiceTests: XCTestCase {
    private var harness: ServerHarness!
    private var tracker: ReadinessTracker!
    private var notifier: NotifierService!
    private var subscriber: EmbeddedConnection!
    private var windows = 0

    override func setUpWithError() throws {
        harness = try ServerHarness()
        tracker = ReadinessTracker(settings: harness.settings.readiness, clock: harness.scheduler.clock, instanceId: "test")
        notifier = try NotifierService(files: tracker, server: harness.server, scheduler: harness.scheduler)
        notifier.onWindowClosed = { [unowned self] in windows += 1 }
        subscriber = harness.transport.connect()
        subscriber.feed(#"{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"events":["files"]}}"# + "\n")
        _ = subscriber.takeSent()
    }

    private func track(_ names: [String]) -> [RelativePath] {
        names.map { name in
            let path = RelativePath(name)
            _ = tracker.observe(path, facts: FileFacts(size: 1, mtimeMs: 0, inode: UInt64(name.hashValue.magnitude % 100_000), ctimeMs: 0), initial: true)
            return path
        }
    }

    private func changedPaths(_ message: JSONValue) -> [String] {
        message[path: "params", "files"]?.arrayValue?.compactMap { $0["path"]?.stringValue } ?? []
    }

    func testChangesInOneWindowGoOutTogetherSortedAndNotBefore() throws {
        notifier.filesChanged(track(["b.txt"]))
        harness.scheduler.advance(by: 30)
        notifier.filesChanged(track(["a.txt"]))
        harness.scheduler.advance(by: 19)
        XCTAssertTrue(subscriber.takeSent().isEmpty, "nothing before the window closes")
        harness.scheduler.advance(by: 1)
        let messages = subscriber.takeSent()
        XCTAssertEqual(messages.map { $0["method"] }, [.string("files.changed")])
        XCTAssertEqual(changedPaths(messages[0]), ["a.txt", "b.txt"])
        XCTAssertEqual(windows, 1)
    }

    func testASteadyStreamOfChangesIsReportedWithinTheBound() throws {
        var changedAt: [String: Int64] = [:]
        var reportedAt: [String: Int64] = [:]
        let start = harness.scheduler.clock.nowMs()
        for step in 0..<40 {
            let name = "f\(step).txt"
            changedAt[name] = harness.scheduler.clock.nowMs()
            notifier.filesChanged(track([name]))
            harness.scheduler.advance(by: 10)
            for message in subscriber.takeSent() {
                for path in changedPaths(message) { reportedAt[path] = harness.scheduler.clock.nowMs() }
            }
        }
        harness.scheduler.advance(by: Int64(NotifierService.windowMs))
        for message in subscriber.takeSent() {
            for path in changedPaths(message) { reportedAt[path] = harness.scheduler.clock.nowMs() }
        }
        XCTAssertEqual(Set(reportedAt.keys), Set(changedAt.keys), "every change is reported")
        for (name, at) in changedAt {
            XCTAssertLessThanOrEqual(reportedAt[name]! - at, Int64(NotifierService.maxDelayMs), "\(name) reported too late")
            XCTAssertLessThanOrEqual(reportedAt[name]! - at, Int64(NotifierService.windowMs) + 10, "the window does not slide")
        }
        XCTAssertGreaterThan(windows, 5, "a long burst is reported in several windows (\(harness.scheduler.clock.nowMs() - start) ms)")
    }

    func testALargeBurstIsSplitIntoMessagesOf500() throws {
        notifier.filesChanged(track((0..<1200).map { String(format: "c%04d", $0) }))
        notifier.filesRemoved((0..<501).map { RelativePath(String(format: "r%04d", $0)) })
        harness.scheduler.advance(by: 50)
        let messages = subscriber.takeSent()
        XCTAssertEqual(messages.map { $0["method"]?.stringValue ?? "" },
                       ["files.changed", "files.changed", "files.changed", "files.removed", "files.removed"])
        XCTAssertEqual(messages[0...2].map { changedPaths($0).count }, [500, 500, 200])
        XCTAssertEqual(changedPaths(messages[1]).first, "c0500", "sorted across messages")
        XCTAssertEqual(messages[3...4].map { $0[path: "params", "paths"]?.arrayValue?.count }, [500, 1])
    }

    func testABurstSentOverSeveralTurnsArrivesWholeAndInOrderBeforeTheNextWindow() throws {
        let names = (0..<6000).map { String(format: "s%05d", $0) }
        notifier.filesChanged(track(names))
        notifier.filesRemoved((0..<600).map { RelativePath(String(format: "x%04d", $0)) })
        harness.scheduler.advance(by: 50)
        // The next window's change to a file of the first goes out after the first window's.
        notifier.filesChanged(track(["s00000"]))
        harness.scheduler.advance(by: 50)
        let messages = subscriber.takeSent()
        let methods = messages.map { $0["method"]?.stringValue ?? "" }
        XCTAssertEqual(methods, Array(repeating: "files.changed", count: 12) + ["files.removed", "files.removed", "files.changed"])
        XCTAssertEqual(messages[0..<12].flatMap { changedPaths($0) }, names, "every file once, sorted across messages")
        XCTAssertEqual(messages[12...13].map { $0[path: "params", "paths"]?.arrayValue?.count }, [500, 100])
        XCTAssertEqual(changedPaths(messages[14]), ["s00000"])
    }

    func testAHugeBurstIsSortedWithinEachMessage() {
        let paths = Set((0..<(NotifierService.sortedAcrossMessagesUpTo + 1)).map { RelativePath("h\($0)") })
        let chunks = NotifierService.chunks(paths)
        XCTAssertEqual(chunks.map(\.count).max(), NotifierService.filesPerMessage)
        XCTAssertEqual(Set(chunks.joined()), paths)
        XCTAssertEqual(chunks.joined().count, paths.count)
        for chunk in chunks { XCTAssertEqual(chunk, chunk.sorted()) }
    }

    func testTheLastWordOnAPathWinsAndNamesThatAreNotUTF8ComeInBase64() throws {
        let path = track(["gone.txt"])
        notifier.filesChanged(path)
        notifier.filesRemoved(path)
        let odd = RelativePath(bytes: [0x66, 0xFF])
        notifier.filesRemoved([odd])
        harness.scheduler.advance(by: 50)
        let messages = subscriber.takeSent()
        XCTAssertEqual(messages.map { $0["method"] }, [.string("files.removed")])
        XCTAssertEqual(messages[0][path: "params", "paths"]?.arrayValue?.count, 2)
        XCTAssertEqual(messages[0][path: "params", "pathsBase64"], .array([.string(odd.base64), .null]))
    }

    func testWithoutSubscribersTheWindowStillCloses() throws {
        subscriber.feed(#"{"jsonrpc":"2.0","id":2,"method":"unsubscribe","params":{"events":["files"]}}"# + "\n")
        _ = subscriber.takeSent()
        notifier.filesChanged(track(["a.txt"]))
        harness.scheduler.advance(by: 50)
        XCTAssertTrue(subscriber.takeSent().isEmpty)
        XCTAssertEqual(windows, 1, "the systemd status still follows the window")
    }
}
