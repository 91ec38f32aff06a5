import Testing
import MenuLayout

@Suite struct HitTestTests {
    // Box at col 25, row 6, 30 x 5: border rows 6 and 10, border cols 25 and 54, rows on 7, 8, 9.
    private let layout = try! MenuLayoutCalculator.layout(
        rows: MenuFixtures.fileRows,
        for: MenuLayoutRequest(viewport: CellSize(cols: 80, rows: 24), source: CellRect(col: 35, row: 5, width: 10, height: 1), width: .fixed(30))
    )

    @Test func theFixtureBoxIsWhereTheCommentSays() {
        #expect(layout.col == 25 && layout.row == 6 && layout.width == 30 && layout.height == 5)
    }

    @Test func outsideTheBox() {
        #expect(layout.hitTest(col: 24, row: 7) == .outside)
        #expect(layout.hitTest(col: 55, row: 7) == .outside)
        #expect(layout.hitTest(col: 36, row: 5) == .outside)  // the source itself
        #expect(layout.hitTest(col: 30, row: 11) == .outside)
        #expect(layout.hitTest(col: -1, row: -1) == .outside)
    }

    @Test func onTheBorder() {
        #expect(layout.hitTest(col: 25, row: 6) == .border)
        #expect(layout.hitTest(col: 40, row: 6) == .border)
        #expect(layout.hitTest(col: 54, row: 10) == .border)
        #expect(layout.hitTest(col: 25, row: 8) == .border)
        #expect(layout.hitTest(col: 54, row: 8) == .border)
    }

    @Test func onARowIncludingItsPadding() {
        #expect(layout.hitTest(col: 26, row: 7) == .row(0))
        #expect(layout.hitTest(col: 40, row: 8) == .row(1))
        #expect(layout.hitTest(col: 53, row: 9) == .row(2))
    }

    @Test func aScrolledBoxMapsToTheRowsShown() throws {
        let rows = MenuFixtures.numberedRows(30)
        let scrolled = try MenuLayoutCalculator.layout(
            rows: rows,
            for: MenuLayoutRequest(viewport: CellSize(cols: 80, rows: 24), source: CellRect(col: 10, row: 10, width: 5, height: 1), selectedRow: 15)
        )
        // rows 10..20 shown on screen rows 12..22
        #expect(scrolled.hitTest(col: scrolled.col + 2, row: 12) == .row(10))
        #expect(scrolled.hitTest(col: scrolled.col + 2, row: 22) == .row(20))
        #expect(scrolled.hitTest(col: scrolled.col + 2, row: 23) == .border)
    }
}
