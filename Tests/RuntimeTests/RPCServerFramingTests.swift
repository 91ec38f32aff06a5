import MenudCore
@testable import MenudRuntime
import XCTest

/// Bytes to messages and back: lines split across reads, several in one read, the frame limit
/// and a reload that changes it while a line is half received.
final class RPCServerFramingTests: XCTestCase {
    func testLinesSplitAcrossReadsAndSeveralInOneReadAreEachAnswered() throws {
        let harness = try ServerHarness()
        let client = harness.transport.connect()
        client.feed(#"{"jsonrpc":"2.0","id":1,"method":"test.echo","params":{"a":"#)
        XCTAssertTrue(client.sent.isEmpty, "half a line is not a message")
        client.feed("1}}\r\n\n  \n" + #"{"jsonrpc":"2.0","id":2,"method":"test.echo"}"# + "\n" + #"{"jsonrpc":"2.0","id":3,"method":"test.echo"}"# + "\n")
        let replies = client.takeSent()
        XCTAssertEqual(replies.map { $0["id"] }, [.int(1), .int(2), .int(3)])
        XCTAssertEqual(replies[0][path: "result", "params", "a"], .int(1))
        XCTAssertEqual(client.sent[1], Array(#"{"jsonrpc":"2.0","id":2,"result":{"params":{}}}"#.utf8), "the bytes of an answer")
    }

    func testALineOverTheLimitIsRefusedAndTheConnectionClosedAfterTheReply() throws {
        let harness = try ServerHarness { $0.maxFrameBytes = 64 }
        let client = harness.transport.connect()
        client.feed(#"{"jsonrpc":"2.0","id":1,"method":"test.echo","params":{"text":"this is too long for the limit"}}"# + "\n")
        let replies = client.takeSent()
        XCTAssertEqual(replies.count, 1)
        XCTAssertEqual(replies[0]["id"], .null)
        XCTAssertEqual(replies[0][path: "error", "code"], .int(-32600))
        XCTAssertEqual(client.closing?.afterFlushing, true)
        XCTAssertEqual(harness.server.connectionCount, 0)
    }

    func testAReloadKeepsAHalfReceivedLineAndAppliesTheNewLimit() throws {
        let harness = try ServerHarness { $0.maxFrameBytes = 4096 }
        let client = harness.transport.connect()
        client.feed(#"{"jsonrpc":"2.0","id":7,"#)
        try harness.reload { $0.maxFrameBytes = 8192 }
        client.feed(#""method":"test.echo"}"# + "\n")
        XCTAssertEqual(client.takeSent().map { $0["id"] }, [.int(7)], "the line sent across the reload is answered")
        // The new limit applies to the connection already open.
        client.feed(#"{"jsonrpc":"2.0","id":8,"method":"test.echo","params":{"t":""# + String(repeating: "x", count: 6000) + "\"}}\n")
        XCTAssertEqual(client.takeSent().map { $0["id"] }, [.int(8)])
        try harness.reload { $0.maxFrameBytes = 100 }
        client.feed(#"{"jsonrpc":"2.0","id":9,"method":"test.echo","params":{"t":""# + String(repeating: "x", count: 200) + "\"}}\n")
        XCTAssertEqual(client.takeSent().first?[path: "error", "code"], .int(-32600))
    }

    func testBadMessagesGetTheirErrors() throws {
        let harness = try ServerHarness()
        let client = harness.transport.connect()
        client.feed("{not json\n")
        client.feed(#"{"jsonrpc":"2.0","id":2,"method":"no.such"}"# + "\n")
        client.feed("[]\n")
        let replies = client.takeSent()
        XCTAssertEqual(replies.map { $0[path: "error", "code"] }, [.int(-32700), .int(-32601), .int(-32600)])
        XCTAssertEqual(replies.map { $0["id"] }, [.null, .int(2), .null])
        XCTAssertFalse(client.isClosed, "a bad message does not end the connection")
    }
}
