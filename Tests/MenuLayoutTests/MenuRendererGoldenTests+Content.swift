import Testing
import MenuLayout
import MenuctlKit

/// Golden menus for what the rows hold and how wide they are: scrolling, widths, detail columns,
/// escaped names, headers and submenus.
extension MenuRendererGoldenTests {
    @Test func scrollingListShowsMarkersAndTheSelectedRow() throws {
        let request = MenuLayoutRequest(viewport: CellSize(cols: 40, rows: 12), source: CellRect(col: 15, row: 5, width: 10, height: 1), selectedRow: 10)
        #expect(try Golden.render(MenuFixtures.numberedRows(20), request, selected: 10, title: "Numbers", screen: true) == """
        col 8 row 6 width 24 height 6 detailWidth 6 below scrolls first 9 visible 4
        +----------------------------------------+
        |                                        |
        |                                        |
        |                                        |
        |                                        |
        |                                        |
        |               ##########               |
        |        ┌─ Numbers ──────────▲─┐        |
        |        │ Item 10       100 KB │        |
        |        │ Item 11       110 KB │        |
        |        │ Item 12       120 KB │        |
        |        │ Item 13       130 KB │        |
        |        └────────────────────▼─┘        |
        +----------------------------------------+
        """)
    }

    @Test func fixedWidthIsKept() throws {
        let request = MenuLayoutRequest(viewport: CellSize(cols: 80, rows: 24), source: CellRect(col: 40, row: 5, width: 0, height: 0), width: .fixed(30))
        #expect(try Golden.render(MenuFixtures.fileRows, request) == """
        col 25 row 6 width 30 height 5 detailWidth 2 below
        ┌────────────────────────────┐
        │ Open                       │
        │ Rename…                 F2 │
        │ Delete                     │
        └────────────────────────────┘
        """)
    }

    @Test func minWidthWidensAndTheRightEdgeClamps() throws {
        let request = MenuLayoutRequest(viewport: CellSize(cols: 80, rows: 24), source: CellRect(col: 78, row: 5, width: 2, height: 1), width: .auto(min: 40))
        #expect(try Golden.render(MenuFixtures.fileRows, request) == """
        col 38 row 6 width 40 height 5 detailWidth 2 below
        ┌──────────────────────────────────────┐
        │ Open                                 │
        │ Rename…                           F2 │
        │ Delete                               │
        └──────────────────────────────────────┘
        """)
    }

    @Test func emptyDetailsLeaveTheColumnBlankAndNoDetailsNoColumn() throws {
        let request = MenuLayoutRequest(viewport: CellSize(cols: 80, rows: 24), source: CellRect(col: 20, row: 2, width: 1, height: 1), width: .auto(min: 0))
        let someDetails = LayoutRow.rows(from: [
            LayoutItem(id: "a", title: "a.txt", status: ColoredText("Ready"), detail: ColoredText("1.5 MB")),
            LayoutItem(id: "b", title: "b.txt", status: ColoredText("Pending")),
            LayoutItem(id: "c", title: "c.txt", detail: ColoredText("")),
        ])
        #expect(try Golden.render(someDetails, request) == """
        col 7 row 3 width 26 height 5 detailWidth 6 below
        ┌────────────────────────┐
        │ a.txt    Ready  1.5 MB │
        │ b.txt  Pending         │
        │ c.txt                  │
        └────────────────────────┘
        """)
        let noDetails = LayoutRow.rows(from: [
            LayoutItem(id: "a", title: "a.txt", status: ColoredText("Ready")),
            LayoutItem(id: "b", title: "bb.txt"),
        ])
        #expect(try Golden.render(noDetails, request) == """
        col 12 row 3 width 16 height 4 detailWidth 0 below
        ┌──────────────┐
        │ a.txt  Ready │
        │ bb.txt       │
        └──────────────┘
        """)
    }

    @Test func controlCharactersInNamesAreShownEscaped() throws {
        let rows = LayoutRow.rows(from: [
            LayoutItem(id: "c", title: "bad\nname\t\u{1B}[31m.txt\u{202E}", detail: ColoredText("1 KB")),
        ])
        let request = MenuLayoutRequest(viewport: CellSize(cols: 80, rows: 24), source: CellRect(col: 0, row: 0, width: 10, height: 1))
        #expect(try Golden.render(rows, request) == #"""
        col 2 row 1 width 39 height 3 detailWidth 4 below
        ┌─────────────────────────────────────┐
        │ bad\nname\t\x1B[31m.txt\u202E  1 KB │
        └─────────────────────────────────────┘
        """#)
    }

    @Test func headersAndSubmenuMarks() throws {
        let rows = LayoutRow.rows(from: [
            LayoutItem(id: "o", title: "Open", key: "o"),
            LayoutItem(id: "g", title: "Copy to", children: [
                LayoutItem(id: "c1", title: "Desktop"),
                LayoutItem(id: "c2", title: "Other…", children: [LayoutItem(id: "x", title: "x")]),
            ], inline: true),
            LayoutItem(id: "d", title: "Delete", key: "x", destructive: true),
        ])
        let request = MenuLayoutRequest(viewport: CellSize(cols: 80, rows: 24), source: CellRect(col: 30, row: 2, width: 1, height: 1), width: .auto(min: 0))
        #expect(try Golden.render(rows, request, title: "Notes") == """
        col 22 row 3 width 16 height 9 detailWidth 0 below
        ┌─ Notes ──────┐
        │ o Open       │
        ├──────────────┤
        │ Copy to      │
        │   Desktop    │
        │   Other…   › │
        ├──────────────┤
        │ x Delete     │
        └──────────────┘
        """)
    }

    @Test func submenuDrawnBesideItsRow() throws {
        let viewport = CellSize(cols: 80, rows: 16)
        let rows = MenuFixtures.backgroundRows
        let parent = try MenuLayoutCalculator.layout(rows: rows, for: MenuLayoutRequest(viewport: viewport, source: CellRect(col: 60, row: 1, width: 1, height: 1)))
        let children = LayoutRow.rows(from: [LayoutItem(id: "s1", title: "Name"), LayoutItem(id: "s2", title: "Size"), LayoutItem(id: "s3", title: "Date modified")])
        let child = try MenuLayoutCalculator.submenuLayout(rows: children, parent: parent, parentRow: 5, viewport: viewport)
        let renderer = MenuRenderer(colorMode: .none)
        var canvas = ScreenCanvas(viewport: viewport)
        canvas.mark(CellRect(col: 60, row: 1, width: 1, height: 1))
        canvas.paste(renderer.lines(rows: rows, layout: parent, selected: 5).map(\.plain), col: parent.col, row: parent.row)
        canvas.paste(renderer.lines(rows: children, layout: child, selected: 0).map(\.plain), col: child.col, row: child.row)
        #expect("\(parent.placement.rawValue) \(child.placement.rawValue)\n" + canvas.text == """
        below left
        +--------------------------------------------------------------------------------+
        |                                                                                |
        |                                                            #                   |
        |                                ┌────────────────────────────────────────────┐  |
        |                                │ 1  ✓  intro.mp4          Ready    2.4 MB   │  |
        |                                │ 2  ●  upload.part      Pending    512 KB   │  |
        |                                │ 3  ✕  report-2024.pdf  Expired  12 bytes   │  |
        |                                ├────────────────────────────────────────────┤  |
        |               ┌───────────────┐│ r     Refresh                              │  |
        |               │ Name          ││       Sort by                            › │  |
        |               │ Size          ││       Compress all                         │  |
        |               │ Date modified │├────────────────────────────────────────────┤  |
        |               └───────────────┘│ x     Delete expired                       │  |
        |                                └────────────────────────────────────────────┘  |
        |                                                                                |
        |                                                                                |
        |                                                                                |
        +--------------------------------------------------------------------------------+
        """)
    }
}
