import Testing
import MenuLayout

@Suite struct SubmenuLayoutTests {
    private let children = LayoutRow.rows(from: [
        LayoutItem(id: "s1", title: "Name"),
        LayoutItem(id: "s2", title: "Size"),
        LayoutItem(id: "s3", title: "Date modified"),
    ])
    private let viewport = CellSize(cols: 80, rows: 24)

    private func parent(sourceCol: Int, sourceRow: Int = 3) throws -> MenuLayoutResult {
        try MenuLayoutCalculator.layout(
            rows: MenuFixtures.backgroundRows,
            for: MenuLayoutRequest(viewport: viewport, source: CellRect(col: sourceCol, row: sourceRow, width: 1, height: 1))
        )
    }

    @Test func opensToTheRightWithItsFirstRowLevelWithTheParentRow() throws {
        let parent = try parent(sourceCol: 10)  // col 2, width 46, rows start on screen row 5
        let child = try MenuLayoutCalculator.submenuLayout(rows: children, parent: parent, parentRow: 5, viewport: viewport)
        #expect(parent.screenRow(ofRow: 5) == 10)
        #expect(child.placement == .right)
        #expect(child.col == 48)  // parent.col + parent.width
        #expect(child.width == 17)  // "Date modified" 13 + 4
        #expect(child.row == 9)  // top border one line over the parent row
        #expect(child.screenRow(ofRow: 0) == 10)
    }

    @Test func opensToTheLeftWhenTheRightHasNoRoom() throws {
        let parent = try parent(sourceCol: 79)  // clamped to col 32: right side would end at 95
        #expect(parent.col == 32)
        let child = try MenuLayoutCalculator.submenuLayout(rows: children, parent: parent, parentRow: 5, viewport: viewport)
        #expect(child.placement == .left)
        #expect(child.col == 15)  // 32 - 17
    }

    @Test func overlapsTheParentWhenNeitherSideHasRoom() throws {
        let narrow = CellSize(cols: 50, rows: 24)
        let parent = try MenuLayoutCalculator.layout(
            rows: MenuFixtures.backgroundRows,
            for: MenuLayoutRequest(viewport: narrow, source: CellRect(col: 25, row: 3, width: 1, height: 1))
        )
        #expect(parent.col == 2 && parent.width == 46)
        let child = try MenuLayoutCalculator.submenuLayout(rows: children, parent: parent, parentRow: 5, viewport: narrow)
        // right room 50 - 2 - 48 = 0, left room 0: right wins the tie, clamped to 50 - 2 - 17
        #expect(child.placement == .right)
        #expect(child.col == 31)
    }

    @Test func movesUpToStayOnScreen() throws {
        let parent = try parent(sourceCol: 10, sourceRow: 12)  // rows 13..23, Sort by on row 19
        #expect(parent.placement == .below && parent.screenRow(ofRow: 5) == 19)
        let tall = MenuFixtures.numberedRows(8)
        let child = try MenuLayoutCalculator.submenuLayout(rows: tall, parent: parent, parentRow: 5, viewport: viewport)
        #expect(child.row == 14 && child.height == 10)  // ends on the last screen row, 23
        let taller = MenuFixtures.numberedRows(40)
        let scrolling = try MenuLayoutCalculator.submenuLayout(rows: taller, parent: parent, parentRow: 5, viewport: viewport)
        #expect(scrolling.row == 0 && scrolling.height == 24 && scrolling.scrolls)
    }

    @Test func theParentRowMustBeOnScreen() throws {
        let parent = try parent(sourceCol: 10)
        #expect(throws: MenuLayoutError.self) {
            try MenuLayoutCalculator.submenuLayout(rows: children, parent: parent, parentRow: 40, viewport: viewport)
        }
    }
}
