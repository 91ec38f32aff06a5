import MenudCore
import XCTest

/// Each open menu carries a payload that lives and goes with it, whichever way the menu ends.
final class MenuSessionPayloadTests: XCTestCase {
    private let alice = ConnectionID(1)
    private let bob = ConnectionID(2)
    private let clock = ManualClock(nowMs: 1_000_000)
    private let items = [MenuSessionItem(id: "i1"), MenuSessionItem(id: "i2", needsInput: true)]

    private func makeTable() -> MenuSessionTable<String> {
        MenuSessionTable(limits: MenuSessionLimits(menuExpireMs: 1000), clock: clock)
    }

    func testDismissalHandsBackThePayloadAndTheMenuTakesItAlong() throws {
        var table = makeTable()
        let menu = try table.open(connection: alice, target: .paths(["a.txt"]), items: items, payload: "for a.txt").id
        XCTAssertEqual(table.payload(of: menu), "for a.txt")
        try table.select(menu: menu, item: "i1", by: alice)
        let (dismissal, payload) = try table.dismissedTakingPayload(menu: menu, input: nil, by: alice)
        XCTAssertEqual(dismissal, .run(item: "i1", input: nil))
        XCTAssertEqual(payload, "for a.txt")
        XCTAssertNil(table.payload(of: menu))
        XCTAssertTrue(table.payloads.isEmpty)
    }

    func testAFailedDismissalKeepsThePayload() throws {
        var table = makeTable()
        let menu = try table.open(connection: alice, target: .paths(["a.txt"]), items: items, payload: "kept").id
        try table.select(menu: menu, item: "i2", by: alice)
        XCTAssertThrowsError(try table.dismissedTakingPayload(menu: menu, input: nil, by: alice))  // input required
        XCTAssertThrowsError(try table.dismissedTakingPayload(menu: menu, input: "x", by: bob))  // not bob's
        XCTAssertEqual(table.payload(of: menu), "kept")
        XCTAssertEqual(try table.dismissedTakingPayload(menu: menu, input: "x", by: alice).payload, "kept")
    }

    func testEveryOtherEndDropsThePayload() throws {
        var table = makeTable()
        let cancelled = try table.open(connection: alice, target: .paths(["a.txt"]), items: items, payload: "c").id
        let invalidated = try table.open(connection: alice, target: .paths(["b.txt"]), items: items, payload: "i").id
        let closed = try table.open(connection: bob, target: .directory, items: items, payload: "d").id
        try table.cancel(menu: cancelled, by: alice)
        XCTAssertNil(table.payload(of: cancelled))
        XCTAssertEqual(table.invalidate(changes: ["b.txt": "b.txt was removed"]).map(\.menu), [invalidated, closed])
        XCTAssertTrue(table.payloads.isEmpty)

        let expiring = try table.open(connection: alice, target: .paths(["a.txt"]), items: items, payload: "e").id
        let gone = try table.open(connection: bob, target: .paths(["a.txt"]), items: items, payload: "g").id
        XCTAssertEqual(table.connectionClosed(bob), [gone])
        XCTAssertEqual(Array(table.payloads.keys), [expiring])
        clock.advance(by: 1000)
        XCTAssertEqual(table.expireDue().map(\.menu), [expiring])
        XCTAssertTrue(table.payloads.isEmpty)
    }
}
