import MenudCore
import MenudLoop
@testable import MenudRuntime
import XCTest

/// Who may connect, clients that stop reading, and clients that shut down their side while
/// they are still owed answers.
final class RPCServerConnectionTests: XCTestCase {
    func testAClientThatStopsReadingIsDropped() throws {
        let harness = try ServerHarness { $0.maxOutputBytesPerClient = 1000 }
        let client = harness.transport.connect()
        client.feed(#"{"jsonrpc":"2.0","id":1,"method":"test.echo"}"# + "\n")
        XCTAssertEqual(client.sent.count, 1)
        client.pendingOutputBytes = 1001
        client.feed(#"{"jsonrpc":"2.0","id":2,"method":"test.echo"}"# + "\n")
        XCTAssertEqual(client.sent.count, 1, "nothing more is queued for it")
        XCTAssertEqual(client.closing?.afterFlushing, false, "closed at once")
        XCTAssertEqual(harness.server.connectionCount, 0)
    }

    func testHalfCloseWritesWhatIsOwedThenCloses() throws {
        let harness = try ServerHarness()
        let client = harness.transport.connect()
        client.feed(#"{"jsonrpc":"2.0","id":1,"method":"test.later"}"# + "\n" + #"{"jsonrpc":"2.0","id":2,"method":"test.echo"}"#)
        client.endInput()
        XCTAssertEqual(client.takeSent().map { $0["id"] }, [.int(2)], "the last line without its newline counts")
        XCTAssertFalse(client.isClosed, "an answer is still owed")
        harness.later[0].answer(.success(.value(.bool(true))))
        XCTAssertEqual(client.takeSent().map { $0["id"] }, [.int(1)])
        XCTAssertEqual(client.closing?.afterFlushing, true, "closed once nothing is owed, after its answers went out")
    }

    func testHalfCloseWithNothingOwedClosesAtOnce() throws {
        let harness = try ServerHarness()
        let client = harness.transport.connect()
        client.feed(#"{"jsonrpc":"2.0","id":1,"method":"test.echo"}"# + "\n")
        client.endInput()
        XCTAssertEqual(client.closing?.afterFlushing, true)
    }

    func testAnAnswerToAClientThatLeftGoesNowhere() throws {
        let harness = try ServerHarness()
        let client = harness.transport.connect()
        client.feed(#"{"jsonrpc":"2.0","id":1,"method":"test.later"}"# + "\n")
        harness.server.closeConnection(harness.server.connections.values.first!, reason: nil)
        XCTAssertFalse(harness.later[0].isConnectionOpen)
        harness.later[0].answer(.success(.value(.bool(true))))
        XCTAssertTrue(client.sent.isEmpty)
    }

    func testOtherUsersAreRefusedUnlessAllowed() throws {
        let other = getuid() == 4242 ? 4343 : 4242
        let harness = try ServerHarness()
        let refused = harness.transport.connect(peer: PeerCredentials(pid: 1, uid: UInt32(other), gid: 0))
        XCTAssertEqual(refused.sentJSON.first?[path: "error", "code"], .int(-32050))
        XCTAssertEqual(refused.sentJSON.first?["id"], .null)
        XCTAssertEqual(refused.closing?.afterFlushing, true)
        XCTAssertEqual(harness.server.connectionCount, 0)

        let allowing = try ServerHarness { $0.allowUids = [UInt32(other)] }
        let allowed = allowing.transport.connect(peer: PeerCredentials(pid: 1, uid: UInt32(other), gid: 0))
        XCTAssertFalse(allowed.isClosed)
        XCTAssertEqual(allowing.server.connectionCount, 1)
    }

    func testClientsOverTheLimitAreRefusedWithAShortLinger() throws {
        let harness = try ServerHarness { $0.maxConnections = 2 }
        harness.transport.connect()
        harness.transport.connect()
        let third = harness.transport.connect()
        XCTAssertEqual(third.sentJSON.first?[path: "error", "data", "limit"], .string("maxConnections"))
        XCTAssertEqual(third.closing?.lingerMs, 250)
        XCTAssertEqual(harness.server.connectionCount, 2)
    }

    func testTheDescriptorBudgetCapsConnections() throws {
        let harness = try ServerHarness()
        harness.server.descriptorBudget = DescriptorBudget(limit: 1000, openAtStart: 20)
        harness.server.applyDescriptorBudget()
        XCTAssertEqual(harness.server.connectionLimit, 1000 - 20 - DescriptorBudget.reserve(maxRunningActions: harness.settings.maxRunningActions))
    }

    func testTheDescriptorBudgetFitsMaxRunningActionsAtStartAndOnReload() throws {
        let harness = try ServerHarness { $0.maxRunningActions = 16 }
        var fitted: [Int] = []
        harness.server.onActionSlotsFitted = { fitted.append($0) }
        harness.server.descriptorBudget = DescriptorBudget(limit: 64, openAtStart: 20)
        harness.server.applyDescriptorBudget()
        // 64 - 20 - 16 leaves 28; half of it holds one action of 8 descriptors.
        XCTAssertEqual(harness.server.actionSlots, 1)
        XCTAssertEqual(fitted, [1])
        XCTAssertEqual(harness.server.connectionLimit, 64 - 20 - DescriptorBudget.reserve(maxRunningActions: 1),
                       "the clients get what the fitted actions leave")
        XCTAssertEqual(harness.server.loggedActionFit, [16, 1], "the lowering was said")

        // A reload asking for what fits applies it, and no longer warns.
        harness.server.descriptorBudget = DescriptorBudget(limit: 1024, openAtStart: 20)
        try harness.reload { $0.maxRunningActions = 8 }
        XCTAssertEqual(harness.server.actionSlots, 8)
        XCTAssertEqual(fitted, [1, 8])
        XCTAssertEqual(harness.server.loggedActionFit, [], "nothing lowered, nothing to say")
    }
}
