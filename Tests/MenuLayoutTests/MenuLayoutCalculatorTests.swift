import Testing
import MenuLayout

@Suite struct MenuLayoutCalculatorTests {
    private func layout(
        _ rows: [LayoutRow], cols: Int, rows viewportRows: Int, source: CellRect,
        width: MenuWidthMode = .auto(min: 24), maxWidth: Int = 60, selectedRow: Int? = nil
    ) throws -> MenuLayoutResult {
        try MenuLayoutCalculator.layout(rows: rows, for: MenuLayoutRequest(
            viewport: CellSize(cols: cols, rows: viewportRows), source: source,
            width: width, maxWidth: maxWidth, selectedRow: selectedRow
        ))
    }

    @Test func autoWidthIsTheWidestRowPlusColumnsPaddingAndBorder() throws {
        // report-2024.pdf row: key 1 + gap 1 + badge 3 + gap 1 + title 15 + gap 2 + status 7
        // + gap 2 + detail 8 + gap 1 + submenu 1 = 42 content cells, + 4 = 46.
        let result = try layout(MenuFixtures.backgroundRows, cols: 80, rows: 24, source: CellRect(col: 10, row: 3, width: 30, height: 1))
        #expect(result.width == 46)
        #expect(result.detailWidth == 8)
        #expect(result.columns == MenuColumns(keyWidth: 1, badgeWidth: 3, detailWidth: 8, submenuWidth: 1))
        #expect(result.height == 11)
        #expect(result.contentWidth == 42)
    }

    @Test func autoWidthIsClampedToMinAndMaxWidth() throws {
        let rows = MenuFixtures.fileRows  // widest: "Rename…" 7 + gap 2 + "F2" 2 = 11 -> 15
        let source = CellRect(col: 40, row: 2, width: 1, height: 1)
        #expect(try layout(rows, cols: 80, rows: 24, source: source, width: .auto(min: 0)).width == 15)
        #expect(try layout(rows, cols: 80, rows: 24, source: source, width: .auto(min: 40)).width == 40)
        let long = [LayoutRow(id: "l", title: String(repeating: "x", count: 100))]
        #expect(try layout(long, cols: 200, rows: 24, source: source).width == 60)
        #expect(try layout(long, cols: 200, rows: 24, source: source, maxWidth: 80).width == 80)
        // min beats maxWidth when they conflict
        #expect(try layout(rows, cols: 200, rows: 24, source: source, width: .auto(min: 70)).width == 70)
    }

    @Test func autoWidthGrowsPastMaxWidthRatherThanCutStatusOrDetail() throws {
        let row = LayoutRow(id: "r", title: "name", status: ColoredText(String(repeating: "s", count: 40)),
                            detail: ColoredText(String(repeating: "d", count: 20)))
        // required: title cut to 1 cell + gap 2 + status 40 + gap 2 + detail 20 = 65, + 4 = 69
        let result = try layout([row], cols: 200, rows: 24, source: CellRect(col: 0, row: 0, width: 1, height: 1))
        #expect(result.width == 69)
    }

    @Test func widthNeverExceedsTheViewportLessItsMargins() throws {
        let source = CellRect(col: 0, row: 0, width: 1, height: 1)
        #expect(try layout(MenuFixtures.backgroundRows, cols: 40, rows: 24, source: source).width == 36)
        #expect(try layout(MenuFixtures.fileRows, cols: 24, rows: 8, source: source).width == 20)
        #expect(try layout(MenuFixtures.fileRows, cols: 80, rows: 24, source: source, width: .fixed(200)).width == 76)
        #expect(try layout(MenuFixtures.fileRows, cols: 80, rows: 24, source: source, width: .fixed(30)).width == 30)
        #expect(try layout(MenuFixtures.fileRows, cols: 80, rows: 24, source: source, width: .fixed(2)).width == 5)
    }

    @Test func centeredOnTheSourceAndClampedTwoCellsFromTheEdges() throws {
        let rows = MenuFixtures.fileRows
        let width: MenuWidthMode = .fixed(20)
        // centered: 30 + floor((10 - 20) / 2) = 25
        #expect(try layout(rows, cols: 80, rows: 24, source: CellRect(col: 30, row: 5, width: 10, height: 1), width: width).col == 25)
        // odd difference rounds toward the left: 30 + floor((11 - 20) / 2) = 25
        #expect(try layout(rows, cols: 80, rows: 24, source: CellRect(col: 30, row: 5, width: 11, height: 1), width: width).col == 25)
        // a point (width 0) counts as its cell: 40 + floor((1 - 20) / 2) = 30
        #expect(try layout(rows, cols: 80, rows: 24, source: CellRect(col: 40, row: 5, width: 0, height: 0), width: width).col == 30)
        // left edge
        #expect(try layout(rows, cols: 80, rows: 24, source: CellRect(col: 0, row: 5, width: 1, height: 1), width: width).col == 2)
        // right edge: 80 - 2 - 20 = 58
        #expect(try layout(rows, cols: 80, rows: 24, source: CellRect(col: 79, row: 5, width: 1, height: 1), width: width).col == 58)
        // filling the viewport: both margins kept
        let full = try layout(rows, cols: 30, rows: 24, source: CellRect(col: 29, row: 5, width: 1, height: 1), width: .fixed(99))
        #expect(full.col == 2 && full.width == 26)
    }

    @Test func placedBelowTheSourceWhenItFits() throws {
        let result = try layout(MenuFixtures.fileRows, cols: 80, rows: 24, source: CellRect(col: 10, row: 3, width: 20, height: 2))
        #expect(result.placement == .below)
        #expect(result.row == 5)  // right under rows 3 and 4
        #expect(result.height == 5)
        #expect(!result.scrolls)
        // exactly fitting: rows 19..23
        let tight = try layout(MenuFixtures.fileRows, cols: 80, rows: 24, source: CellRect(col: 10, row: 18, width: 20, height: 1))
        #expect(tight.placement == .below && tight.row == 19)
    }

    @Test func flippedAboveWhenItDoesNotFitBelow() throws {
        let result = try layout(MenuFixtures.fileRows, cols: 80, rows: 24, source: CellRect(col: 10, row: 19, width: 20, height: 1))
        #expect(result.placement == .above)
        #expect(result.row == 14)  // rows 14..18, ending right over the source
        #expect(!result.scrolls)
    }

    @Test func fittingNeitherWayUsesTheSideWithMoreRoomAndScrolls() throws {
        let rows = MenuFixtures.numberedRows(30)
        // room below 24 - 11 = 13, above 10: below, 13 lines, 11 rows visible
        let below = try layout(rows, cols: 80, rows: 24, source: CellRect(col: 10, row: 10, width: 5, height: 1))
        #expect(below.placement == .below && below.row == 11 && below.height == 13)
        #expect(below.visibleRowCount == 11 && below.scrolls && below.firstVisibleRow == 0)
        // room below 24 - 15 = 9, above 14: above, rows 0..13
        let above = try layout(rows, cols: 80, rows: 24, source: CellRect(col: 10, row: 14, width: 5, height: 1))
        #expect(above.placement == .above && above.row == 0 && above.height == 14 && above.visibleRowCount == 12)
        // a tie goes below
        let tie = try layout(rows, cols: 80, rows: 21, source: CellRect(col: 10, row: 10, width: 5, height: 1))
        #expect(tie.placement == .below && tie.height == 10)
    }

    @Test func aScrollingMenuKeepsTheSelectedRowInView() throws {
        let rows = MenuFixtures.numberedRows(30)
        let source = CellRect(col: 10, row: 10, width: 5, height: 1)
        let centered = try layout(rows, cols: 80, rows: 24, source: source, selectedRow: 15)
        #expect(centered.firstVisibleRow == 10)  // 15 - (11 - 1) / 2
        #expect(centered.visibleRows.contains(15))
        let last = try layout(rows, cols: 80, rows: 24, source: source, selectedRow: 29)
        #expect(last.firstVisibleRow == 19)  // window kept full: 30 - 11
        #expect(last.screenRow(ofRow: 29) == 11 + 1 + 10)

        let moved = centered.scrolledToShow(row: 25)
        #expect(moved.firstVisibleRow == 15)  // 25 is now the last visible row
        #expect(moved.scrolledToShow(row: 20) == moved)  // already visible: no scroll
        #expect(moved.scrolledToShow(row: 3).firstVisibleRow == 3)
        #expect(moved.scrolledToShow(row: 99).firstVisibleRow == 19)
    }

    @Test func aTinyViewportStillGetsABoxInsideIt() throws {
        // 5 rows, source on row 2: room below 2, above 2, neither holds border-row-border.
        let result = try layout(MenuFixtures.fileRows, cols: 20, rows: 5, source: CellRect(col: 5, row: 2, width: 1, height: 1))
        #expect(result.placement == .below)
        #expect(result.height == 5 && result.row == 0 && result.visibleRowCount == 3)
    }

    @Test func anEmptyMenuIsJustItsBorder() throws {
        let result = try layout([], cols: 80, rows: 24, source: CellRect(col: 10, row: 3, width: 5, height: 1))
        #expect(result.height == 2 && result.visibleRowCount == 0 && result.width == 24 && !result.scrolls)
    }

    @Test func badRequestsNameTheFieldAndSayWhatToSend() {
        let rows = MenuFixtures.fileRows
        func param(_ request: MenuLayoutRequest) -> String? {
            do {
                _ = try MenuLayoutCalculator.layout(rows: rows, for: request)
                return nil
            } catch {
                #expect(!error.message.isEmpty)
                return error.param
            }
        }
        let source = CellRect(col: 1, row: 1, width: 1, height: 1)
        let viewport = CellSize(cols: 80, rows: 24)
        #expect(param(MenuLayoutRequest(viewport: CellSize(cols: 8, rows: 24), source: source)) == "layout.viewport.cols")
        #expect(param(MenuLayoutRequest(viewport: CellSize(cols: 9, rows: 3), source: source)) == nil)
        #expect(param(MenuLayoutRequest(viewport: CellSize(cols: 80, rows: 2), source: source)) == "layout.viewport.rows")
        #expect(param(MenuLayoutRequest(viewport: viewport, source: CellRect(col: 80, row: 1, width: 1, height: 1))) == "layout.source.col")
        #expect(param(MenuLayoutRequest(viewport: viewport, source: CellRect(col: 1, row: -1, width: 1, height: 1))) == "layout.source.row")
        #expect(param(MenuLayoutRequest(viewport: viewport, source: CellRect(col: 1, row: 1, width: -1, height: 1))) == "layout.source.width")
        #expect(param(MenuLayoutRequest(viewport: viewport, source: CellRect(col: 1, row: 1, width: 1, height: -2))) == "layout.source.height")
        #expect(param(MenuLayoutRequest(viewport: viewport, source: source, width: .fixed(0))) == "layout.width.fixed")
        #expect(param(MenuLayoutRequest(viewport: viewport, source: source, width: .auto(min: -1))) == "layout.width.auto.min")
        #expect(param(MenuLayoutRequest(viewport: viewport, source: source, maxWidth: 0)) == "maxWidth")
        #expect(param(MenuLayoutRequest(viewport: viewport, source: source, selectedRow: 3)) == "selectedRow")

        do {
            _ = try MenuLayoutCalculator.layout(rows: rows, for: MenuLayoutRequest(viewport: CellSize(cols: 8, rows: 24), source: source))
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "layout.viewport.cols is 8; a menu needs at least 9 columns (5 for the box and 2 free at each edge). Send the terminal's real width.")
        }
    }

    @Test func theSameRequestAlwaysGivesTheSameLayout() throws {
        let request = MenuLayoutRequest(viewport: CellSize(cols: 80, rows: 24), source: CellRect(col: 33, row: 7, width: 9, height: 1))
        let first = try MenuLayoutCalculator.layout(rows: MenuFixtures.backgroundRows, for: request)
        for _ in 0..<5 {
            #expect(try MenuLayoutCalculator.layout(rows: MenuFixtures.backgroundRows, for: request) == first)
        }
    }
}
