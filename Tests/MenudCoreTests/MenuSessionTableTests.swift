import MenudCore
import Synchronization
import XCTest

final class MenuSessionTableTests: XCTestCase {
    private let alice = ConnectionID(1)
    private let bob = ConnectionID(2)
    private var clock = ManualClock(nowMs: 1_000_000)

    override func setUp() {
        clock = ManualClock(nowMs: 1_000_000)
    }

    private func makeTable(_ limits: MenuSessionLimits = MenuSessionLimits()) -> MenuSessionTable<Void> {
        MenuSessionTable(limits: limits, clock: clock)
    }

    private let items = [
        MenuSessionItem(id: "files.duplicate"),
        MenuSessionItem(id: "files.rename", needsInput: true),
        MenuSessionItem(id: "files.off", isDisabled: true),
        MenuSessionItem(id: "more", isSubmenu: true),
        MenuSessionItem(id: "more.child"),
    ]

    private func expectError(
        _ expected: MenuSessionError, file: StaticString = #filePath, line: UInt = #line,
        _ body: () throws -> Void
    ) {
        do {
            try body()
            XCTFail("expected \(expected), got success", file: file, line: line)
        } catch {
            XCTAssertEqual(error as? MenuSessionError, expected, file: file, line: line)
        }
    }

    func testOpenGivesIDWithCounterAndRandomPartAndExpiry() throws {
        var table = MenuSessionTable<Void>(clock: clock, randomSource: { 0xAB })
        let first = try table.open(connection: alice, targetPaths: ["a.txt"], items: items)
        let second = try table.open(connection: alice, targetPaths: ["a.txt"], items: items)
        XCTAssertEqual(first.id.rawValue, "m-1-000000ab")
        XCTAssertEqual(second.id.rawValue, "m-2-000000ab")
        XCTAssertEqual(first.expiresAtMs, clock.nowMs() + 60_000)
        XCTAssertEqual(first.state, .open)
        XCTAssertEqual(table.openMenuCount, 2)
        XCTAssertEqual(table.nextExpiryMs, first.expiresAtMs)
    }

    func testSelectThenDismissRunsTheItemExactlyOnce() throws {
        var table = makeTable()
        let menu = try table.open(connection: alice, targetPaths: ["a.txt"], items: items).id
        try table.select(menu: menu, item: "files.duplicate", by: alice)
        XCTAssertEqual(table.session(menu, for: alice)?.state, .selected("files.duplicate"))
        XCTAssertEqual(try table.dismissed(menu: menu, input: "ignored", by: alice), .run(item: "files.duplicate", input: nil))
        expectError(.menuNotFound(menu: menu, detail: "it was already dismissed")) {
            _ = try table.dismissed(menu: menu, input: nil, by: alice)
        }
        expectError(.menuNotFound(menu: menu, detail: "it was already dismissed")) {
            try table.select(menu: menu, item: "files.duplicate", by: alice)
        }
        XCTAssertEqual(table.openMenuCount(for: alice), 0)
    }

    func testDismissWithoutSelectionRunsNothing() throws {
        var table = makeTable()
        let menu = try table.open(connection: alice, targetPaths: ["a.txt"], items: items).id
        XCTAssertEqual(try table.dismissed(menu: menu, input: nil, by: alice), .nothingSelected)
        XCTAssertNil(table.session(menu, for: alice))
    }

    func testSecondSelectIsOutOfOrder() throws {
        var table = makeTable()
        let menu = try table.open(connection: alice, targetPaths: ["a.txt"], items: items).id
        try table.select(menu: menu, item: "files.duplicate", by: alice)
        expectError(.menuState(
            menu: menu,
            detail: "item \"files.duplicate\" is already selected; send menu.dismissed to run it or menu.cancel to drop it"))
        {
            try table.select(menu: menu, item: "more.child", by: alice)
        }
        XCTAssertEqual(MenuSessionError.menuState(menu: menu, detail: "x").rpcCode, -32021)
        // The first choice stands.
        XCTAssertEqual(try table.dismissed(menu: menu, input: nil, by: alice), .run(item: "files.duplicate", input: nil))
    }

    func testDisabledAndSubmenuItemsCannotBeSelected() throws {
        var table = makeTable()
        let menu = try table.open(connection: alice, targetPaths: ["a.txt"], items: items).id
        expectError(.itemDisabled(menu: menu, item: "files.off", isSubmenu: false)) {
            try table.select(menu: menu, item: "files.off", by: alice)
        }
        expectError(.itemDisabled(menu: menu, item: "more", isSubmenu: true)) {
            try table.select(menu: menu, item: "more", by: alice)
        }
        expectError(.itemNotFound(menu: menu, item: "nope")) {
            try table.select(menu: menu, item: "nope", by: alice)
        }
        // A refused selection leaves the menu open for a valid one.
        try table.select(menu: menu, item: "more.child", by: alice)
        XCTAssertEqual(try table.dismissed(menu: menu, input: nil, by: alice), .run(item: "more.child", input: nil))
        XCTAssertEqual(MenuSessionError.itemDisabled(menu: menu, item: "x", isSubmenu: true).rpcCode, -32022)
        XCTAssertEqual(MenuSessionError.itemNotFound(menu: menu, item: "x").param, "item")
    }

    func testMenuBelongsToItsConnection() throws {
        var table = makeTable()
        let menu = try table.open(connection: alice, targetPaths: ["a.txt"], items: items).id
        let notFound = MenuSessionError.menuNotFound(menu: menu, detail: "no menu with this id is open on this connection")
        expectError(notFound) { try table.select(menu: menu, item: "files.duplicate", by: bob) }
        expectError(notFound) { _ = try table.dismissed(menu: menu, input: nil, by: bob) }
        expectError(notFound) { try table.cancel(menu: menu, by: bob) }
        XCTAssertNil(table.session(menu, for: bob))
        // Bob's attempts changed nothing for Alice.
        try table.select(menu: menu, item: "files.duplicate", by: alice)
        XCTAssertEqual(try table.dismissed(menu: menu, input: nil, by: alice), .run(item: "files.duplicate", input: nil))
        XCTAssertEqual(notFound.rpcCode, -32020)
    }

    func testUnknownMenuIsNotFound() {
        var table = makeTable()
        let menu = MenuID(rawValue: "m-99-00000000")
        expectError(.menuNotFound(menu: menu, detail: "no menu with this id is open on this connection")) {
            try table.cancel(menu: menu, by: alice)
        }
    }

    func testCancelClosesWithoutRunning() throws {
        var table = makeTable()
        let menu = try table.open(connection: alice, targetPaths: ["a.txt"], items: items).id
        try table.select(menu: menu, item: "files.duplicate", by: alice)
        try table.cancel(menu: menu, by: alice)
        expectError(.menuNotFound(menu: menu, detail: "it was cancelled")) {
            _ = try table.dismissed(menu: menu, input: nil, by: alice)
        }
    }

    func testInputIsRequiredForItemsThatAskAndTheMenuWaitsForIt() throws {
        var table = makeTable()
        let menu = try table.open(connection: alice, targetPaths: ["a.txt"], items: items).id
        try table.select(menu: menu, item: "files.rename", by: alice)
        expectError(.inputRequired(menu: menu, item: "files.rename")) {
            _ = try table.dismissed(menu: menu, input: nil, by: alice)
        }
        XCTAssertEqual(MenuSessionError.inputRequired(menu: menu, item: "files.rename").param, "input")
        XCTAssertEqual(try table.dismissed(menu: menu, input: "b.txt", by: alice), .run(item: "files.rename", input: "b.txt"))
    }

    func testExpiryClosesMenusAndTheyNeverRun() throws {
        var table = makeTable(MenuSessionLimits(menuExpireMs: 1000))
        let early = try table.open(connection: alice, targetPaths: ["a.txt"], items: items)
        clock.advance(by: 400)
        let late = try table.open(connection: bob, targetPaths: ["b.txt"], items: items)
        try table.select(menu: early.id, item: "files.duplicate", by: alice)
        XCTAssertEqual(table.nextExpiryMs, early.expiresAtMs)

        clock.advance(by: 599)
        XCTAssertEqual(table.expireDue(), [])
        clock.advance(by: 1)
        XCTAssertEqual(table.expireDue(), [MenuSessionExpiry(menu: early.id, connection: alice)])
        XCTAssertEqual(table.nextExpiryMs, late.expiresAtMs)
        expectError(.menuNotFound(menu: early.id, detail: "it expired after 1000 ms without being dismissed")) {
            _ = try table.dismissed(menu: early.id, input: nil, by: alice)
        }

        // A menu past its time counts as expired even before expireDue() runs.
        clock.advance(by: 400)
        expectError(.menuNotFound(menu: late.id, detail: "it expired after 1000 ms without being dismissed")) {
            try table.select(menu: late.id, item: "files.duplicate", by: bob)
        }
        XCTAssertEqual(table.expireDue(), [])
        XCTAssertNil(table.nextExpiryMs)
    }

    func testClosedConnectionDropsItsMenus() throws {
        var table = makeTable()
        let first = try table.open(connection: alice, targetPaths: ["a.txt"], items: items).id
        let second = try table.open(connection: alice, targetPaths: ["b.txt"], items: items).id
        let bobs = try table.open(connection: bob, targetPaths: ["a.txt"], items: items).id
        try table.select(menu: first, item: "files.duplicate", by: alice)
        XCTAssertEqual(table.connectionClosed(alice), [first, second])
        XCTAssertEqual(table.openMenuCount(for: alice), 0)
        XCTAssertNil(table.session(first, for: alice))
        // A connection id reused later (it never is, but still) finds nothing to run.
        expectError(.menuNotFound(menu: first, detail: "no menu with this id is open on this connection")) {
            _ = try table.dismissed(menu: first, input: nil, by: alice)
        }
        XCTAssertNotNil(table.session(bobs, for: bob))
        XCTAssertEqual(table.invalidate(changes: ["b.txt": "b.txt was removed"]), [])
    }

    func testInvalidationClosesMenusOnChangedPathsAndLaterStepsSayWhy() throws {
        var table = makeTable()
        let single = try table.open(connection: alice, targetPaths: ["a.txt"], items: items).id
        let selection = try table.open(connection: bob, targetPaths: ["b.txt", "c.txt"], items: items).id
        let untouched = try table.open(connection: bob, targetPaths: ["d.txt"], items: items).id
        try table.select(menu: selection, item: "files.duplicate", by: bob)

        let closed = table.invalidate(changes: ["c.txt": "c.txt changed state", "a.txt": "a.txt was removed"])
        XCTAssertEqual(closed, [
            MenuSessionInvalidation(menu: single, connection: alice, path: "a.txt", reason: "a.txt was removed"),
            MenuSessionInvalidation(menu: selection, connection: bob, path: "c.txt", reason: "c.txt changed state"),
        ])
        expectError(.menuInvalidated(menu: selection, reason: "c.txt changed state")) {
            _ = try table.dismissed(menu: selection, input: nil, by: bob)
        }
        expectError(.menuInvalidated(menu: single, reason: "a.txt was removed")) {
            try table.select(menu: single, item: "files.duplicate", by: alice)
        }
        expectError(.menuInvalidated(menu: single, reason: "a.txt was removed")) {
            try table.cancel(menu: single, by: alice)
        }
        XCTAssertEqual(MenuSessionError.menuInvalidated(menu: single, reason: "").rpcCode, -32023)
        // Another connection still does not learn about the menu.
        expectError(.menuNotFound(menu: single, detail: "no menu with this id is open on this connection")) {
            try table.cancel(menu: single, by: bob)
        }
        XCTAssertNotNil(table.session(untouched, for: bob))
        // Invalidated once: a second change reports nothing more.
        XCTAssertEqual(table.invalidate(changes: ["a.txt": "again"]), [])
    }

    func testDirectoryMenusCloseOnAnyChange() throws {
        var table = makeTable()
        let background = try table.open(connection: alice, target: .directory, items: items).id
        let closed = table.invalidate(changes: ["z.txt": "z.txt is ready", "new.txt": "new.txt appeared"])
        XCTAssertEqual(closed, [MenuSessionInvalidation(menu: background, connection: alice, path: "new.txt", reason: "new.txt appeared")])
        XCTAssertEqual(table.invalidate(changes: [:]), [])
    }

    func testMaxOpenMenusPerConnection() throws {
        var table = makeTable(MenuSessionLimits(menuExpireMs: 1000, maxOpenMenusPerConnection: 2))
        let first = try table.open(connection: alice, targetPaths: ["a.txt"], items: items).id
        _ = try table.open(connection: alice, targetPaths: ["a.txt"], items: items)
        expectError(.busy(limit: "maxOpenMenusPerConnection", value: 2)) {
            _ = try table.open(connection: alice, targetPaths: ["a.txt"], items: items)
        }
        XCTAssertEqual(MenuSessionError.busy(limit: "maxOpenMenusPerConnection", value: 2).limit, "maxOpenMenusPerConnection")
        XCTAssertEqual(MenuSessionError.busy(limit: "maxOpenMenusPerConnection", value: 2).rpcCode, -32040)
        // Another connection has its own allowance.
        _ = try table.open(connection: bob, targetPaths: ["a.txt"], items: items)
        // Closing one frees a place.
        try table.cancel(menu: first, by: alice)
        _ = try table.open(connection: alice, targetPaths: ["a.txt"], items: items)
        // Expired menus free their places too, even before expireDue() runs.
        clock.advance(by: 1000)
        _ = try table.open(connection: alice, targetPaths: ["a.txt"], items: items)
        _ = try table.open(connection: alice, targetPaths: ["a.txt"], items: items)
    }

    func testDuplicateItemIDsAreRefused() {
        var table = makeTable()
        expectError(.duplicateItemID("x")) {
            _ = try table.open(connection: alice, targetPaths: [], items: [MenuSessionItem(id: "x"), MenuSessionItem(id: "x")])
        }
        XCTAssertEqual(table.openMenuCount, 0)
    }

    func testClosedMenusAreForgottenAfterAWhileAndBeyondTheCap() throws {
        var table = makeTable(MenuSessionLimits(menuExpireMs: 1000, closedMenusRemembered: 2))
        let ids = try (0..<3).map { _ in try table.open(connection: alice, targetPaths: ["a.txt"], items: items).id }
        for id in ids { try table.cancel(menu: id, by: alice) }
        // Only the two most recent are remembered.
        let plain = "no menu with this id is open on this connection"
        expectError(.menuNotFound(menu: ids[0], detail: plain)) { try table.cancel(menu: ids[0], by: alice) }
        expectError(.menuNotFound(menu: ids[2], detail: "it was cancelled")) { try table.cancel(menu: ids[2], by: alice) }
        clock.advance(by: 1000)
        expectError(.menuNotFound(menu: ids[2], detail: plain)) { try table.cancel(menu: ids[2], by: alice) }
    }

    func testMessagesAreSentencesThatSayWhatToDo() {
        let menu = MenuID(rawValue: "m-1-00000001")
        XCTAssertEqual(
            MenuSessionError.busy(limit: "maxOpenMenusPerConnection", value: 16).message,
            "This connection already has 16 open menus (limit maxOpenMenusPerConnection); dismiss or cancel one first.")
        XCTAssertEqual(
            MenuSessionError.menuInvalidated(menu: menu, reason: "a.txt was removed").message,
            "Menu m-1-00000001 was closed because its target changed (a.txt was removed). Open a new menu.")
        XCTAssertEqual(
            MenuSessionError.menuNotFound(menu: menu, detail: "it was cancelled").message,
            "Menu m-1-00000001 is not open: it was cancelled. Open a new menu.")
    }
}
