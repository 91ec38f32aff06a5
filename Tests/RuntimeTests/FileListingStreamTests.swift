import MenudCore
@testable import MenudRuntime
import XCTest
import MenudJSON
import MenudProtocol

/// `files.list` streamed in pieces as the client reads it: byte for byte the answer written
/// whole, consistent as of its clock while files change, behind a window for a client that
/// stops reading, answered before the connection's later requests, released when the client goes.
final class FileListingStreamTests: XCTestCase {
    private var harness: ServerHarness!
    private var tracker: ReadinessTracker!

    override func setUpWithError() throws {
        harness = try ServerHarness()
        tracker = ReadinessTracker(settings: harness.settings.readiness, clock: harness.scheduler.clock, instanceId: "stream")
        let paths = RequestPaths(rootBytes: harness.settings.rootBytes, rootSpellings: harness.settings.rootSpellings, files: tracker)
        FileRoutes(files: tracker, paths: paths).register(on: harness.server.router)
        for directory in 0..<20 {
            for file in 0..<300 {
                track("d\(directory)/sub\(file % 3)/f\(file).\(file % 4 == 0 ? "part" : "dat")", size: Int64(file))
            }
        }
        harness.scheduler.advance(by: 500)
        _ = tracker.advance()
    }

    private func track(_ name: String, size: Int64) {
        _ = tracker.observe(RelativePath(name), facts: FileFacts(size: size, mtimeMs: harness.scheduler.clock.nowMs(), inode: UInt64(name.hashValue.magnitude % 1_000_000), ctimeMs: 0), initial: true)
    }

    /// The answer as the route wrote it before streaming: the whole result in one buffer.
    private func wholeAnswer(id: Int, params: String) throws -> [UInt8] {
        let decoded = try FilesListParams(from: try XCTUnwrap(try JSONParser.parse(Array(params.utf8)).objectValue))
        let query = FileQuery(state: decoded.state, glob: try decoded.glob.map { try GlobPattern($0) },
                              offset: decoded.offset, limit: decoded.limit, since: decoded.since)
        var fileWriter = FileObjectWriter(settings: tracker.settings, instanceId: tracker.instanceId, fields: decoded.fields)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("files")
        writer.beginArray()
        let summary = try tracker.forEachFile(query) { file in fileWriter.write(file, to: &writer) }
        writer.endArray()
        writer.key("total"); writer.writeInt(Int64(summary.total))
        writer.key("clock"); writer.writeString(summary.clock)
        if let removed = summary.removed {
            writer.key("removed")
            writer.beginArray()
            for path in removed { writer.writeString(path.displayString) }
            writer.endArray()
        }
        if summary.fresh { writer.key("fresh"); writer.write(.bool(true)) }
        writer.endObject()
        var message: [UInt8] = []
        RPCEncoder.result(id: .int(Int64(id)), encoded: writer.bytes, into: &message, newline: false)
        return message
    }

    private func request(_ id: Int, _ params: String) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"files.list","params":\#(params)}"# + "\n"
    }

    /// Turns of the loop until `client` has `count` messages (or the turns run out).
    private func turns(until client: EmbeddedConnection, has count: Int, max: Int = 1000) {
        var turn = 0
        while client.sent.count < count && turn < max {
            harness.scheduler.advance(by: Int64(RPCServer.streamPollLongestMs))
            turn += 1
        }
    }

    func testAStreamedAnswerIsTheAnswerWrittenWhole() throws {
        let clock = tracker.currentClock
        track("d3/sub0/new.dat", size: 7)
        _ = tracker.remove(RelativePath("d4/sub1/f1.dat"))
        let queries = [
            "{}", #"{"fields":["path","state"]}"#, #"{"glob":"d1*/**/*.dat"}"#, #"{"glob":"**/f7.part"}"#,
            #"{"state":"ready","offset":1000,"limit":2500}"#, #"{"offset":5990}"#, #"{"since":"\#(clock)"}"#,
            #"{"since":"other:3"}"#, #"{"state":"pending"}"#,
        ]
        let client = harness.transport.connect()
        for (index, params) in queries.enumerated() {
            let expected = try wholeAnswer(id: index, params: params)
            client.feed(request(index, params))
            turns(until: client, has: index + 1)
            XCTAssertEqual(client.sent.count, index + 1, "\(params) answered")
            XCTAssertEqual(client.sent.last, expected, "\(params): the same bytes as the answer written whole")
        }
        XCTAssertGreaterThan(client.pieceCounts.first ?? 0, 1, "the full listing went out in pieces")
        XCTAssertEqual(tracker.openListings.count, 0)
    }

    func testFilesChangingWhileTheAnswerStreamsDoNotChangeIt() throws {
        let expected = try wholeAnswer(id: 1, params: "{}")
        let client = harness.transport.connect()
        client.feed(request(1, "{}"))
        XCTAssertTrue(client.sent.isEmpty, "a large answer is not written in the turn it was asked in")
        for file in 0..<300 {
            _ = tracker.remove(RelativePath("d19/sub\(file % 3)/f\(file).\(file % 4 == 0 ? "part" : "dat")"))
            track("d18/sub0/later\(file).dat", size: 1)
        }
        track("d10/sub1/f1.dat", size: 99_999)
        turns(until: client, has: 1)
        XCTAssertEqual(client.sent.first, expected, "the answer as of its clock")
    }

    func testAClientThatStopsReadingHoldsAWindowAndOthersAreAnswered() throws {
        let reader = harness.transport.connect()
        let stalled = harness.transport.connect()
        stalled.feed(request(1, "{}"))
        stalled.pendingOutputBytes = RPCServer.streamWindowBytes  // it stopped reading
        for turn in 0..<50 {
            harness.scheduler.advance(by: 5)
            reader.feed(#"{"jsonrpc":"2.0","id":\#(turn),"method":"test.echo"}"# + "\n")
        }
        XCTAssertEqual(reader.sent.count, 50, "the other client is answered meanwhile")
        XCTAssertTrue(stalled.sent.isEmpty)
        XCTAssertEqual(stalled.pieces.count, 1, "no more pieces while its window is full")
        XCTAssertFalse(stalled.isClosed)
        stalled.pendingOutputBytes = 0
        turns(until: stalled, has: 1)
        XCTAssertEqual(stalled.sent.count, 1, "it resumes once it reads")
        XCTAssertEqual(stalled.sentJSON.first?[path: "result", "total"], .int(6000))
    }

    func testLaterRequestsAndNotificationsOfTheConnectionComeAfterTheStreamedAnswer() throws {
        let client = harness.transport.connect()
        client.feed(request(1, "{}") + #"{"jsonrpc":"2.0","id":2,"method":"test.echo"}"# + "\n" + request(3, #"{"limit":1}"#)
                    + #"{"jsonrpc":"2.0","id":4,"method":"test.later"}"# + "\n" + request(5, "{}"))
        XCTAssertTrue(client.sent.isEmpty)
        harness.server.send(Array(#"{"jsonrpc":"2.0","method":"files.changed","params":{}}"#.utf8), to: try XCTUnwrap(harness.server.clients[ObjectIdentifier(client)]).id)
        // The second listing stops after its first piece: the client "stops reading" then.
        client.onPiece = { connection in
            if connection.sent.count == 4 { connection.pendingOutputBytes = RPCServer.streamWindowBytes }
        }
        harness.scheduler.runDue()
        XCTAssertEqual(client.sentJSON.map { $0["id"] ?? $0["method"] }, [.int(1), .string("files.changed"), .int(2), .int(3)],
                       "held output, then the held requests in order")
        harness.later[0].answer(.success(.value(.string("late"))))
        XCTAssertEqual(client.sent.count, 4, "the deferred answer waits behind the listing being streamed")
        client.onPiece = nil
        client.pendingOutputBytes = 0
        turns(until: client, has: 6)
        XCTAssertEqual(client.sentJSON.map { $0["id"] }, [.int(1), nil, .int(2), .int(3), .int(5), .int(4)],
                       "a deferred answer waits for the stream that started before it")
    }

    func testManyRequestsHeldBehindAStreamedAnswerAreAllAnsweredInOrder() throws {
        let client = harness.transport.connect()
        let echoes = (2..<3002).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"test.echo","params":{"padding":"\#(String(repeating: "x", count: 40))"}}"# + "\n" }
        client.feed(request(1, "{}") + echoes.joined())
        turns(until: client, has: 3001)
        XCTAssertEqual(client.sentJSON.map { $0["id"] }, (1..<3002).map { .int(Int64($0)) }, "more than a turn's worth of held requests")
    }

    func testAClientThatGoesAwayMidAnswerReleasesTheCursor() throws {
        let client = harness.transport.connect()
        client.feed(request(1, "{}"))
        XCTAssertEqual(tracker.openListings.count, 1)
        harness.server.failed(client, reason: "test")
        XCTAssertEqual(tracker.openListings.count, 0)
        harness.scheduler.advance(by: 100)
        XCTAssertTrue(client.sent.isEmpty)
    }

    func testAListingInABatchIsWrittenWholeInItsArray() throws {
        let client = harness.transport.connect()
        client.feed(#"[{"jsonrpc":"2.0","id":1,"method":"files.list"},{"jsonrpc":"2.0","id":2,"method":"test.echo"}]"# + "\n")
        XCTAssertEqual(client.sent.count, 1)
        let answers = try XCTUnwrap(client.sentJSON.first?.arrayValue)
        XCTAssertEqual(answers.map { $0["id"] }, [.int(1), .int(2)])
        XCTAssertEqual(answers[0][path: "result", "total"], .int(6000))
    }

    func testAClientThatEndsItsInputGetsTheWholeAnswerThenTheEnd() throws {
        let client = harness.transport.connect()
        client.feed(request(1, "{}"))
        client.endInput()
        XCTAssertFalse(client.isClosed, "the answer is still owed")
        turns(until: client, has: 1)
        XCTAssertEqual(client.sentJSON.first?[path: "result", "total"], .int(6000))
        XCTAssertTrue(client.isClosed)
    }
}
