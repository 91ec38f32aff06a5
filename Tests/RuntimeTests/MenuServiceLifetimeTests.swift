import MenudCore
@testable import MenudRuntime
import XCTest
import MenudProtocol

/// How menus end without a dismissal (expiry, a file change, the client going away) and how
/// the plugin host's deadline and slow path shape what a menu holds.
final class MenuServiceLifetimeTests: XCTestCase {
    private var harness: MenuHarness!

    override func tearDown() {
        harness?.close()
    }

    private func open(_ client: EmbeddedConnection, _ path: String = "a.txt", id: Int = 1) throws -> String {
        let reply = try XCTUnwrap(harness.call(client, id, "menu.open", #"{"target":{"path":"\#(path)"}}"#).first)
        return try XCTUnwrap(reply[path: "result", "menu", "id"]?.stringValue)
    }

    func testAnUnusedMenuExpiresOnItsTimer() throws {
        harness = try MenuHarness(plugins: [ImmediatePlugin()]) { $0.menuExpireMs = 5000 }
        harness.track("a.txt")
        let client = harness.server.transport.connect()
        let menu = try open(client)
        harness.server.scheduler.advance(by: 4999)
        XCTAssertEqual(harness.menus.sessions.openMenuCount, 1)
        harness.server.scheduler.advance(by: 1)
        XCTAssertEqual(harness.menus.sessions.openMenuCount, 0, "the expiry timer closed it")
        XCTAssertEqual(harness.server.scheduler.activeCount, 0, "no timer is left armed without menus")
        let select = harness.call(client, 2, "menu.select", #"{"menu":"\#(menu)","item":"i1"}"#)
        XCTAssertEqual(select.first?[path: "error", "code"], .int(-32020))
        XCTAssertTrue(select.first?[path: "error", "message"]?.stringValue?.contains("expired") ?? false, "\(select)")
    }

    func testAFileThatChangesStateInvalidatesItsMenusAndTellsTheirOwner() throws {
        harness = try MenuHarness(plugins: [ImmediatePlugin()])
        let path = harness.track("a.txt")
        harness.track("b.txt", inode: 2)
        let client = harness.server.transport.connect()
        let onA = try open(client)
        let onB = try open(client, "b.txt", id: 2)
        // New bytes in a file that stays ready leave the menu open; a new file too.
        harness.menus.filesChanged([harness.track("c.txt", inode: 3)])
        XCTAssertTrue(client.takeSent().isEmpty)
        // a.txt changes again now: it is pending until it settles.
        let now = harness.server.scheduler.clock.nowMs()
        XCTAssertTrue(harness.tracker.observe(path, facts: FileFacts(size: 20, mtimeMs: now, inode: 1, ctimeMs: now)))
        harness.menus.filesChanged([path])
        let notices = client.takeSent()
        XCTAssertEqual(notices.map { $0["method"] }, [.string("menu.invalidated")])
        XCTAssertEqual(notices.first?[path: "params", "menu"], .string(onA))
        XCTAssertEqual(notices.first?[path: "params", "reason"], .string("a.txt is now pending (was ready)"))
        XCTAssertEqual(harness.call(client, 3, "menu.select", #"{"menu":"\#(onA)","item":"i1"}"#).first?[path: "error", "code"], .int(-32023))
        XCTAssertEqual(harness.call(client, 4, "menu.select", #"{"menu":"\#(onB)","item":"i1"}"#).first?[path: "result", "dismiss"], .bool(true))
        _ = harness.tracker.remove(RelativePath("b.txt"))
        harness.menus.filesRemoved([RelativePath("b.txt")])
        XCTAssertEqual(client.takeSent().first?[path: "params", "reason"], .string("b.txt was removed"))
    }

    func testAClientThatShutsDownItsSideLosesItsMenusButGetsItsAnswers() throws {
        harness = try MenuHarness(plugins: [ImmediatePlugin()])
        harness.track("a.txt")
        let client = harness.server.transport.connect()
        let menu = try open(client)
        _ = harness.call(client, 2, "menu.select", #"{"menu":"\#(menu)","item":"i1"}"#)
        client.feed(#"{"jsonrpc":"2.0","id":3,"method":"menu.dismissed","params":{"menu":"\#(menu)"}}"# + "\n")
        client.feed(#"{"jsonrpc":"2.0","id":4,"method":"menu.open","params":{"target":{"path":"a.txt"}}}"#)
        client.endInput()
        XCTAssertEqual(client.takeSent().map { $0["id"] }, [.int(4)], "the last menu is answered")
        XCTAssertEqual(harness.menus.sessions.openMenuCount, 0, "a menu that can never be dismissed is closed")
        XCTAssertFalse(client.isClosed, "the dismissed action's answer is still owed")
        harness.actions.queued[0].responder.answer(.success(.value(.object(["ran": .bool(true)]))))
        XCTAssertEqual(client.takeSent().map { $0["id"] }, [.int(3)])
        XCTAssertEqual(client.closing?.afterFlushing, true)
    }

    func testAPluginPastTheDeadlineIsLeftOutOfTheMenu() throws {
        harness = try MenuHarness(plugins: [ImmediatePlugin(), AsyncPlugin(name: "sluggish", delayMs: 60_000)]) { $0.menuBuildTimeoutMs = 100 }
        harness.track("a.txt")
        let client = harness.server.transport.connect()
        client.feed(#"{"jsonrpc":"2.0","id":1,"method":"menu.open","params":{"target":{"path":"a.txt"}}}"# + "\n")
        XCTAssertTrue(client.takeSent().isEmpty, "the build waits for the slow plugin")
        harness.server.scheduler.advance(by: 99)
        XCTAssertTrue(client.takeSent().isEmpty)
        harness.server.scheduler.advance(by: 1)
        let reply = try XCTUnwrap(client.takeSent().first)
        let items = reply[path: "result", "menu", "items"]?.arrayValue ?? []
        XCTAssertEqual(items.compactMap { $0["plugin"]?.stringValue }, ["quick", "quick", "quick"], "only the plugin that answered")
    }

    func testPluginsAskedOffTheLoopAnswerTogetherAndAreGroupedWithTheOthers() throws {
        harness = try MenuHarness(plugins: [ImmediatePlugin(), AsyncPlugin(name: "later", delayMs: 0), AsyncPlugin(name: "later2", delayMs: 1)]) {
            $0.menuBuildTimeoutMs = 600_000
        }
        harness.track("a.txt")
        let client = harness.server.transport.connect()
        client.feed(#"{"jsonrpc":"2.0","id":1,"method":"menu.open","params":{"target":{"path":"a.txt"}}}"# + "\n")
        let reply = try XCTUnwrap(harness.waitForReply(client).first, "the off-loop plugins answered")
        let groups = reply[path: "result", "menu", "items"]?.arrayValue ?? []
        XCTAssertEqual(groups.map { $0["plugin"]?.stringValue }, ["quick", "later", "later2"], "in plugin order, each its own group")
        XCTAssertEqual(groups.map { $0["inline"] }, [.bool(true), .bool(true), .bool(true)])
        XCTAssertEqual(harness.server.scheduler.activeCount, 1, "only the menu's expiry is armed; the build's deadline is gone")
    }

    func testAClosedConnectionStopsItsBuild() throws {
        harness = try MenuHarness(plugins: [AsyncPlugin(name: "sluggish", delayMs: 60_000)])
        harness.track("a.txt")
        let client = harness.server.transport.connect()
        client.feed(#"{"jsonrpc":"2.0","id":1,"method":"menu.open","params":{"target":{"path":"a.txt"}}}"# + "\n")
        XCTAssertEqual(harness.server.scheduler.activeCount, 1, "the build's deadline")
        harness.server.server.closeConnection(harness.server.server.connections.values.first!, reason: nil)
        XCTAssertEqual(harness.server.scheduler.activeCount, 0, "the build is stopped with its connection")
        harness.server.scheduler.advance(by: 1000)
        XCTAssertEqual(harness.menus.sessions.openMenuCount, 0)
    }
}
