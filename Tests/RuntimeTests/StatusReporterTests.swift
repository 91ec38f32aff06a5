import MenudCore
import MenudJSON
import MenudProtocol
import XCTest
@testable import MenudRuntime

/// `daemon.status` reuses the bytes of its last answer but the uptime while nothing else
/// changed: every answer must still be what writing the whole result gives.
final class StatusReporterTests: XCTestCase {
    private final class FakeTree: TreeStatus {
        var initialCrawlFinished = true
        var isCrawling = false
        var watchedDirectoryCount = 3
        var unwatchedDirectoryCount = 0
        var watchLimit: Int? = nil
    }

    func testEveryAnswerIsTheWholeResultWrittenAfresh() throws {
        let clock = ManualClock()
        let settings = try TestSettings.make()
        let tracker = ReadinessTracker(settings: settings.readiness, clock: clock, instanceId: "status")
        let tree = FakeTree()
        var connections = 1
        let reporter = StatusReporter(files: tracker, tree: tree, clock: clock, configuration: TestSettings.configuration(settings),
                                      connectionCount: { connections }, address: { "/tmp/menud.sock" })
        var uptimes: [Int64] = []
        func check(_ step: String) throws {
            let (answer, bytes) = try reply(carrying: reporter.statusResult())
            let result = try StatusResult(from: try XCTUnwrap(answer.objectValue))
            var writer = JSONWriter()
            result.write(to: &writer)
            XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self), answer.jsonText, step)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(decoding: writer.bytes, as: UTF8.self), "\(step): the bytes sent")
            XCTAssertEqual(result.files.total, Int64(tracker.count), step)
            XCTAssertEqual(result.connections, Int64(connections), step)
            XCTAssertEqual(result.clock, tracker.currentClock, step)
            uptimes.append(result.uptimeMs)
        }
        try check("first")
        _ = clock.advance(by: 7)
        try check("only the uptime changed")
        guard case .encodedAroundNumber = reporter.statusResult() else {
            return XCTFail("an answer whose only change is the uptime reuses the bytes around it")
        }
        _ = clock.advance(by: 12_345)
        try check("a longer uptime")
        _ = tracker.observe(RelativePath("a.txt"), facts: FileFacts(size: 5, mtimeMs: clock.nowMs(), inode: 11, ctimeMs: 0), initial: true)
        try check("a file more, and a new clock")
        connections = 2
        tree.isCrawling = true
        tree.watchLimit = 8192
        try check("the tree and the clients changed")
        _ = clock.advance(by: 1)
        try check("only the uptime again")
        XCTAssertEqual(uptimes, [0, 7, 12_352, 12_352, 12_352, 12_353])
    }

    /// The result as the reply to a request carries it, written by the encoder the server uses:
    /// parsed, and its bytes as they are sent.
    private func reply(carrying result: HandlerResult) throws -> (JSONValue, [UInt8]) {
        var line: [UInt8] = []
        switch result {
        case .encoded(let bytes):
            RPCEncoder.result(id: .int(1), encoded: bytes, into: &line, newline: false)
        case .encodedAroundNumber(let head, let number, let tail):
            RPCEncoder.result(id: .int(1), encodedHead: head, number: number, tail: tail, into: &line, newline: false)
        default:
            XCTFail("daemon.status is answered at once, encoded: \(result)")
        }
        let envelope = Array(#"{"jsonrpc":"2.0","id":1,"result":"#.utf8)
        XCTAssertEqual(Array(line.prefix(envelope.count)), envelope)
        XCTAssertEqual(line.last, UInt8(ascii: "}"))
        let bytes = Array(line.dropFirst(envelope.count).dropLast())
        return (try XCTUnwrap(try JSONParser.parse(line).objectValue?["result"]), bytes)
    }
}
