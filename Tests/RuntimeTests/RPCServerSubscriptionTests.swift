import MenudCore
@testable import MenudRuntime
import XCTest

/// Subscriptions decide who hears broadcasts.
final class RPCServerSubscriptionTests: XCTestCase {
    func testBroadcastsReachSubscribersOnly() throws {
        let harness = try ServerHarness()
        let subscriber = harness.transport.connect()
        let other = harness.transport.connect()
        subscriber.feed(#"{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"events":["menus","files"]}}"# + "\n")
        XCTAssertEqual(subscriber.takeSent().first?[path: "result", "subscribed"], .array([.string("files"), .string("menus")]))
        XCTAssertTrue(harness.server.hasSubscribers("files"))
        harness.server.broadcast([Array(#"{"n":1}"#.utf8), Array(#"{"n":2}"#.utf8)], to: "files")
        XCTAssertEqual(subscriber.takeSent().map { $0["n"] }, [.int(1), .int(2)])
        XCTAssertTrue(other.sent.isEmpty)

        subscriber.feed(#"{"jsonrpc":"2.0","id":2,"method":"unsubscribe","params":{"events":["files"]}}"# + "\n")
        XCTAssertEqual(subscriber.takeSent().first?[path: "result", "subscribed"], .array([.string("menus")]))
        XCTAssertFalse(harness.server.hasSubscribers("files"))
        harness.server.broadcast([Array(#"{"n":3}"#.utf8)], to: "files")
        XCTAssertTrue(subscriber.takeSent().isEmpty)
        XCTAssertTrue(other.sent.isEmpty)
    }

    func testSubscribingNeedsKnownEvents() throws {
        let harness = try ServerHarness()
        let client = harness.transport.connect()
        client.feed(#"{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{}}"# + "\n")
        client.feed(#"{"jsonrpc":"2.0","id":2,"method":"subscribe","params":{"events":["file"]}}"# + "\n")
        let replies = client.takeSent()
        XCTAssertEqual(replies.map { $0[path: "error", "data", "param"] }, [.string("events"), .string("events")])
        XCTAssertFalse(harness.server.hasSubscribers("files"))
    }

    func testASubscriberThatLeftHearsNothingMore() throws {
        let harness = try ServerHarness()
        let client = harness.transport.connect()
        client.feed(#"{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"events":["files"]}}"# + "\n")
        client.endInput()
        XCTAssertFalse(harness.server.hasSubscribers("files"))
    }
}
