import MenudCore
@testable import MenudRuntime
import XCTest

/// Batches: one array answer once every request in it has its answer, notifications get none.
final class RPCServerBatchTests: XCTestCase {
    func testABatchIsAnsweredInOneArrayInRequestOrderWithoutItsNotifications() throws {
        let harness = try ServerHarness()
        let client = harness.transport.connect()
        client.feed(#"[{"jsonrpc":"2.0","id":1,"method":"test.echo"},{"jsonrpc":"2.0","method":"test.echo"},{"jsonrpc":"2.0","id":"b","method":"no.such"},{"jsonrpc":"2.0","id":3,"method":"test.echo"}]"# + "\n")
        let replies = client.takeSent()
        XCTAssertEqual(replies.count, 1, "one message for the batch")
        let answers = try XCTUnwrap(replies[0].arrayValue)
        XCTAssertEqual(answers.map { $0["id"] }, [.int(1), .string("b"), .int(3)])
        XCTAssertEqual(answers[1][path: "error", "code"], .int(-32601))
    }

    func testABatchWaitsForItsDeferredAnswer() throws {
        let harness = try ServerHarness()
        let client = harness.transport.connect()
        client.feed(#"[{"jsonrpc":"2.0","id":1,"method":"test.later"},{"jsonrpc":"2.0","id":2,"method":"test.echo"}]"# + "\n")
        XCTAssertTrue(client.sent.isEmpty, "the batch waits for its deferred answer")
        harness.later[0].answer(.success(.value(.string("late"))))
        harness.later[0].answer(.success(.value(.string("twice"))))
        let replies = client.takeSent()
        XCTAssertEqual(replies.count, 1)
        XCTAssertEqual(replies[0].arrayValue?.map { $0["id"] }, [.int(1), .int(2)])
        XCTAssertEqual(replies[0].arrayValue?.first?["result"], .string("late"), "a responder answers once")
    }

    func testABatchOfNotificationsGetsNoAnswer() throws {
        let harness = try ServerHarness()
        let client = harness.transport.connect()
        client.feed(#"[{"jsonrpc":"2.0","method":"test.echo"},{"jsonrpc":"2.0","method":"test.echo"}]"# + "\n")
        XCTAssertTrue(client.sent.isEmpty)
    }
}
