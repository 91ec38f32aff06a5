import MenuLayout
import Testing
@testable import MenuctlKit

@Suite struct MenuNavigatorTests {
    private let request = MenuLayoutRequest(viewport: CellSize(cols: 80, rows: 24), source: CellRect(col: 10, row: 2, width: 1, height: 1))

    private func navigator(_ request: MenuLayoutRequest? = nil) throws -> MenuNavigator {
        try MenuNavigator(menu: MenuctlFixtures.fileMenu, request: request ?? self.request)
    }

    private func chosenId(_ outcome: MenuNavigatorOutcome) -> String? {
        if case .choose(let item) = outcome { return item.id }
        return nil
    }

    @Test func startsOnTheFirstSelectableRowLaidOutLikeTheDaemon() throws {
        let menu = try navigator()
        #expect(menu.levels.count == 1)
        #expect(menu.current.selected == 0)
        #expect(menu.current.title == "a.txt")
        let expected = try MenuLayoutCalculator.layout(rows: MenuctlFixtures.fileMenu.rows, for: request)
        #expect(menu.current.layout == expected)
    }

    @Test func arrowsSkipDisabledRowsSeparatorsAndWrap() throws {
        var menu = try navigator()
        #expect(menu.handle(.down) == .redraw(erased: [], from: 0))
        #expect(menu.current.selected == 2, "Duplicate is disabled")
        _ = menu.handle(.character("j"))
        #expect(menu.current.selected == 3)
        _ = menu.handle(.down)
        #expect(menu.current.selected == 5, "the separator is skipped")
        _ = menu.handle(.home)
        _ = menu.handle(.up)
        #expect(menu.current.selected == 8, "wraps to the last row")
        #expect(menu.handle(.end) == .nothing, "already there")
    }

    @Test func enterOnAnActionChoosesIt() throws {
        var menu = try navigator()
        #expect(chosenId(menu.handle(.enter)) == "i2")
        _ = menu.handle(.down)
        #expect(chosenId(menu.handle(.character(" "))) == "i4")
    }

    @Test func submenusOpenBesideTheirRowAndClose() throws {
        var menu = try navigator()
        _ = menu.handle(.down)
        _ = menu.handle(.down)  // Open With
        #expect(menu.handle(.right) == .redraw(erased: [], from: 1))
        #expect(menu.levels.count == 2)
        let parent = menu.levels[0].layout
        let child = menu.current.layout
        let expected = try MenuLayoutCalculator.submenuLayout(rows: menu.current.rows, parent: parent, parentRow: 3, viewport: request.viewport)
        #expect(child == expected)
        #expect(menu.current.title == "Open With")
        #expect(menu.current.selected == 0)

        #expect(menu.handle(.escape) == .redraw(erased: [child], from: 0), "Esc closes the submenu only")
        #expect(menu.levels.count == 1)
        #expect(menu.handle(.enter) == .redraw(erased: [], from: 0), "Enter opens a submenu too")
        #expect(menu.handle(.left) == .redraw(erased: [child], from: 0))
        #expect(menu.handle(.left) == .nothing, "nothing to close at the top")
        #expect(menu.handle(.escape) == .cancel)
    }

    @Test func shortcutsChooseInTheInnermostBox() throws {
        var menu = try navigator()
        #expect(chosenId(menu.handle(.character("t"))) == "i9")
        #expect(chosenId(menu.handle(.character("h"))) == "i11", "a shortcut beats the h of close-submenu")
        #expect(menu.handle(.character("d")) == .nothing, "a disabled item's key does nothing")
        #expect(menu.handle(.character("e")) == .nothing, "a submenu's keys work only inside it")
        _ = menu.handle(.home)
        _ = menu.handle(.down)
        _ = menu.handle(.down)
        _ = menu.handle(.right)
        #expect(chosenId(menu.handle(.character("e"))) == "i6")
        #expect(menu.handle(.character("q")) == .cancel, "q closes the whole menu from a submenu")
    }

    @Test func clicks() throws {
        var menu = try navigator()
        let box = menu.current.layout
        #expect(menu.handle(.mouse(.init(button: .left, action: .press, col: box.col, row: box.row))) == .nothing, "border")
        #expect(menu.handle(.mouse(.init(button: .left, action: .press, col: box.col + 3, row: box.row + 2))) == .nothing, "disabled row")
        #expect(menu.handle(.mouse(.init(button: .left, action: .release, col: 0, row: 0))) == .nothing, "releases are ignored")
        let open = menu.handle(.mouse(.init(button: .left, action: .press, col: box.col + 3, row: box.row + 4)))
        #expect(open == .redraw(erased: [], from: 0))
        #expect(menu.levels.count == 2)
        let child = menu.current.layout
        #expect(chosenId(menu.handle(.mouse(.init(button: .left, action: .press, col: child.col + 3, row: child.row + 2)))) == "i7")
        // A click on the parent's row closes the submenu and chooses that row.
        #expect(chosenId(menu.handle(.mouse(.init(button: .left, action: .press, col: box.col + 3, row: box.row + 1)))) == "i2")
        #expect(menu.levels.count == 1)
        #expect(menu.handle(.mouse(.init(button: .left, action: .press, col: 79, row: 23))) == .cancel, "outside")
    }

    @Test func aShortBoxScrollsToKeepTheCursorInView() throws {
        let small = MenuLayoutRequest(viewport: CellSize(cols: 40, rows: 6), source: CellRect(col: 0, row: 0, width: 40, height: 1))
        var menu = try navigator(small)
        #expect(menu.current.layout.visibleRowCount == 3)
        #expect(menu.current.layout.firstVisibleRow == 0)
        _ = menu.handle(KeyEvent.pageDown)
        #expect(menu.current.selected == 2, "one box height down, less the row kept in view")
        _ = menu.handle(KeyEvent.pageDown)
        #expect(menu.current.selected == 3, "the goal is a separator: the selectable row before it")
        #expect(menu.current.layout.visibleRows.contains(3))
        _ = menu.handle(.end)
        #expect(menu.current.selected == 8)
        #expect(menu.current.layout.firstVisibleRow == 6)
        _ = menu.handle(KeyEvent.pageUp)
        #expect(menu.current.selected == 7)
        _ = menu.handle(KeyEvent.pageUp)
        #expect(menu.current.selected == 5)
        #expect(menu.current.layout.visibleRows.contains(5))
    }
}
