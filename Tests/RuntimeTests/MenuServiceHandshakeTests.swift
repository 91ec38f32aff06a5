import MenudCore
@testable import MenudRuntime
import XCTest
import MenudJSON

/// The dismissal handshake through the menu service: open, select, dismissed (the action is
/// handed over only then, and answered when it ends), cancel, input, other connections.
final class MenuServiceHandshakeTests: XCTestCase {
    private var harness: MenuHarness!

    override func setUpWithError() throws {
        harness = try MenuHarness(plugins: [ImmediatePlugin()])
        harness.track("a.txt")
    }

    override func tearDown() {
        harness.close()
    }

    private func openMenu(_ client: EmbeddedConnection) throws -> (id: String, items: [JSONValue]) {
        let reply = try XCTUnwrap(harness.call(client, 1, "menu.open", #"{"target":{"path":"a.txt"}}"#).first)
        let menu = try XCTUnwrap(reply[path: "result", "menu"])
        return (try XCTUnwrap(menu["id"]?.stringValue), menu["items"]?.arrayValue ?? [])
    }

    func testTheWholeHandshakeRunsTheChosenItemOnceAfterTheDismissal() throws {
        let client = harness.server.transport.connect()
        let (menu, items) = try openMenu(client)
        XCTAssertEqual(items.map { $0["id"]?.stringValue }, ["i1", "i2", "i3"])
        XCTAssertEqual(items.map { $0["plugin"]?.stringValue }, ["quick", "quick", "quick"])
        XCTAssertEqual(items[2]["children"]?.arrayValue?.first?["id"], .string("i4"))
        XCTAssertEqual(harness.call(client, 2, "menu.select", #"{"menu":"\#(menu)","item":"i1"}"#).first?[path: "result", "dismiss"], .bool(true))
        XCTAssertTrue(harness.actions.queued.isEmpty, "nothing runs at select")

        XCTAssertTrue(harness.call(client, 3, "menu.dismissed", #"{"menu":"\#(menu)"}"#).isEmpty, "answered when the action ends")
        let queued = try XCTUnwrap(harness.actions.queued.first)
        XCTAssertEqual(queued.itemId, "i1")
        XCTAssertEqual(queued.resolved.item.title, "Open")
        XCTAssertEqual(queued.resolved.scope, .targets)
        XCTAssertEqual(queued.resolved.files.map(\.path), ["a.txt"])
        queued.responder.answer(.success(.value(.object(["ran": .bool(true)]))))
        XCTAssertEqual(client.takeSent().first?["id"], .int(3))

        let again = harness.call(client, 4, "menu.select", #"{"menu":"\#(menu)","item":"i1"}"#)
        XCTAssertEqual(again.first?[path: "error", "code"], .int(-32020), "a dismissed menu is gone")
        XCTAssertEqual(harness.actions.queued.count, 1)
        XCTAssertEqual(harness.menus.sessions.openMenuCount, 0)
    }

    func testAnItemThatAsksForInputGetsItAtTheDismissal() throws {
        let client = harness.server.transport.connect()
        let (menu, _) = try openMenu(client)
        _ = harness.call(client, 2, "menu.select", #"{"menu":"\#(menu)","item":"i2"}"#)
        let refused = harness.call(client, 3, "menu.dismissed", #"{"menu":"\#(menu)"}"#)
        XCTAssertEqual(refused.first?[path: "error", "code"], .int(-32602))
        XCTAssertTrue(harness.call(client, 4, "menu.dismissed", #"{"menu":"\#(menu)","input":"b.txt"}"#).isEmpty)
        XCTAssertEqual(harness.actions.queued.first?.input, "b.txt")
        XCTAssertEqual(harness.actions.queued.first?.resolved.item.title, "Rename")
    }

    func testDismissingWithoutAChoiceOrCancellingRunsNothing() throws {
        let client = harness.server.transport.connect()
        let first = try openMenu(client).id
        XCTAssertEqual(harness.call(client, 2, "menu.dismissed", #"{"menu":"\#(first)"}"#).first?[path: "result", "ran"], .bool(false))
        let second = try openMenu(client).id
        _ = harness.call(client, 3, "menu.select", #"{"menu":"\#(second)","item":"i1"}"#)
        XCTAssertEqual(harness.call(client, 4, "menu.cancel", #"{"menu":"\#(second)"}"#).first?[path: "result", "closed"], .bool(true))
        XCTAssertEqual(harness.call(client, 5, "menu.dismissed", #"{"menu":"\#(second)"}"#).first?[path: "error", "code"], .int(-32020))
        XCTAssertTrue(harness.actions.queued.isEmpty)
        XCTAssertEqual(harness.menus.sessions.openMenuCount, 0)
    }

    func testAMenuBelongsToTheConnectionThatOpenedIt() throws {
        let owner = harness.server.transport.connect()
        let other = harness.server.transport.connect()
        let (menu, _) = try openMenu(owner)
        XCTAssertEqual(harness.call(other, 2, "menu.select", #"{"menu":"\#(menu)","item":"i1"}"#).first?[path: "error", "code"], .int(-32020))
        XCTAssertEqual(harness.call(owner, 3, "menu.select", #"{"menu":"\#(menu)","item":"i1"}"#).first?[path: "result", "dismiss"], .bool(true))
    }

    func testAMenuSubmenuCannotBeChosenAndUnknownFilesAreRefused() throws {
        let client = harness.server.transport.connect()
        let (menu, _) = try openMenu(client)
        XCTAssertEqual(harness.call(client, 2, "menu.select", #"{"menu":"\#(menu)","item":"i3"}"#).first?[path: "error", "code"], .int(-32022))
        XCTAssertEqual(harness.call(client, 3, "menu.open", #"{"target":{"path":"missing.txt"}}"#).first?[path: "error", "code"], .int(-32010))
        XCTAssertEqual(harness.call(client, 4, "menu.open", #"{"target":{"path":"../x"}}"#).first?[path: "error", "code"], .int(-32011))
    }

    func testADirectoryRowRunsTheDefaultActionOnItsOwnFile() throws {
        harness.track("b.txt", inode: 2)
        let client = harness.server.transport.connect()
        let reply = try XCTUnwrap(harness.call(client, 1, "menu.open", #"{"target":{"background":true}}"#).first)
        let menu = try XCTUnwrap(reply[path: "result", "menu", "id"]?.stringValue)
        let rows = reply[path: "result", "menu", "items"]?.arrayValue?.first?["children"]?.arrayValue ?? []
        XCTAssertEqual(rows.map { $0["title"]?.stringValue }, ["a.txt", "b.txt"])
        let rowB = try XCTUnwrap(rows[1]["id"]?.stringValue)
        _ = harness.call(client, 2, "menu.select", #"{"menu":"\#(menu)","item":"\#(rowB)"}"#)
        _ = harness.call(client, 3, "menu.dismissed", #"{"menu":"\#(menu)"}"#)
        let queued = try XCTUnwrap(harness.actions.queued.first)
        XCTAssertEqual(queued.resolved.scope, .row)
        XCTAssertEqual(queued.resolved.files.map(\.path), ["b.txt"])
        XCTAssertEqual(queued.resolved.source.plugin, "files")
        XCTAssertEqual(queued.resolved.source.itemId, "inspect")
    }
}
