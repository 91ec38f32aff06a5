import Testing
import MenuLayout
import MenuctlKit

@Suite struct MenuRendererGoldenTests {
    static let wideRows = LayoutRow.rows(from: [
        LayoutItem(id: "w1", title: "日本語のファイル名.mp4", badge: RowBadge(kind: .ready),
                   status: ColoredText("Ready", color: BadgeKind.ready.defaultColor), detail: ColoredText("1.2 GB")),
        LayoutItem(id: "w2", title: "🎬 trailer 👨‍👩‍👧 family 🇫🇷.mov", badge: RowBadge(kind: .pending),
                   status: ColoredText("Pending", color: BadgeKind.pending.defaultColor), detail: ColoredText("88 MB")),
        LayoutItem(id: "w3", title: "Cafe\u{301} na\u{308}ive re\u{301}sume\u{301}.txt", badge: RowBadge(kind: .ready),
                   status: ColoredText("Ready"), detail: ColoredText("4 KB")),
        LayoutItem(id: "w4", title: String(repeating: "very-long-file-name-", count: 6) + "end.tar.gz",
                   badge: RowBadge(kind: .expired), status: ColoredText("Expired"), detail: ColoredText("5.37 GB")),
    ])

    @Test func background80x24BelowASourceNearTheTop() throws {
        let request = MenuLayoutRequest(viewport: CellSize(cols: 80, rows: 24), source: CellRect(col: 10, row: 3, width: 30, height: 1))
        #expect(try Golden.render(MenuFixtures.backgroundRows, request, title: "videos") == """
        col 2 row 4 width 46 height 11 detailWidth 8 below
        ┌─ videos ───────────────────────────────────┐
        │ 1  ✓  intro.mp4          Ready    2.4 MB   │
        │ 2  ●  upload.part      Pending    512 KB   │
        │ 3  ✕  report-2024.pdf  Expired  12 bytes   │
        ├────────────────────────────────────────────┤
        │ r     Refresh                              │
        │       Sort by                            › │
        │       Compress all                         │
        ├────────────────────────────────────────────┤
        │ x     Delete expired                       │
        └────────────────────────────────────────────┘
        """)
    }

    @Test func background80x24AboveASourceNearTheBottom() throws {
        let request = MenuLayoutRequest(viewport: CellSize(cols: 80, rows: 24), source: CellRect(col: 60, row: 20, width: 20, height: 1))
        #expect(try Golden.render(MenuFixtures.backgroundRows, request) == """
        col 32 row 9 width 46 height 11 detailWidth 8 above
        ┌────────────────────────────────────────────┐
        │ 1  ✓  intro.mp4          Ready    2.4 MB   │
        │ 2  ●  upload.part      Pending    512 KB   │
        │ 3  ✕  report-2024.pdf  Expired  12 bytes   │
        ├────────────────────────────────────────────┤
        │ r     Refresh                              │
        │       Sort by                            › │
        │       Compress all                         │
        ├────────────────────────────────────────────┤
        │ x     Delete expired                       │
        └────────────────────────────────────────────┘
        """)
    }

    @Test func background40x12FitsNeitherWayAndScrolls() throws {
        let request = MenuLayoutRequest(viewport: CellSize(cols: 40, rows: 12), source: CellRect(col: 0, row: 1, width: 40, height: 1))
        #expect(try Golden.render(MenuFixtures.backgroundRows, request, title: "videos", screen: true) == """
        col 2 row 2 width 36 height 10 detailWidth 8 below scrolls first 0 visible 8
        +----------------------------------------+
        |                                        |
        |########################################|
        |  ┌─ videos ─────────────────────────┐  |
        |  │ 1  ✓  intro.…  Ready    2.4 MB   │  |
        |  │ 2  ●  uplo…  Pending    512 KB   │  |
        |  │ 3  ✕  repo…  Expired  12 bytes   │  |
        |  ├──────────────────────────────────┤  |
        |  │ r     Refresh                    │  |
        |  │       Sort by                  › │  |
        |  │       Compress all               │  |
        |  ├──────────────────────────────────┤  |
        |  └────────────────────────────────▼─┘  |
        +----------------------------------------+
        """)
    }

    @Test func wideCharacters200x60ClampedAtTheRightEdge() throws {
        let request = MenuLayoutRequest(viewport: CellSize(cols: 200, rows: 60), source: CellRect(col: 190, row: 10, width: 10, height: 1))
        #expect(try Golden.render(Self.wideRows, request) == """
        col 138 row 11 width 60 height 6 detailWidth 7 below
        ┌──────────────────────────────────────────────────────────┐
        │  ✓  日本語のファイル名.mp4                Ready   1.2 GB │
        │  ●  🎬 trailer 👨‍👩‍👧 family 🇫🇷.mov         Pending    88 MB │
        │  ✓  Café näive résumé.txt                 Ready     4 KB │
        │  ✕  very-long-file-name-very-long-fil…  Expired  5.37 GB │
        └──────────────────────────────────────────────────────────┘
        """)
    }

    @Test func wideCharactersTruncatedIn40x12() throws {
        let request = MenuLayoutRequest(viewport: CellSize(cols: 40, rows: 12), source: CellRect(col: 20, row: 0, width: 1, height: 1))
        #expect(try Golden.render(Self.wideRows, request, title: "日本語のフォルダ名がとても長い", screen: true) == """
        col 2 row 1 width 36 height 6 detailWidth 7 below
        +----------------------------------------+
        |                    #                   |
        |  ┌─ 日本語のフォルダ名がとても長い ─┐  |
        |  │  ✓  日本語のフ…   Ready   1.2 GB │  |
        |  │  ●  🎬 traile…  Pending    88 MB │  |
        |  │  ✓  Café näive …  Ready     4 KB │  |
        |  │  ✕  very-long…  Expired  5.37 GB │  |
        |  └──────────────────────────────────┘  |
        |                                        |
        |                                        |
        |                                        |
        |                                        |
        |                                        |
        +----------------------------------------+
        """)
    }

    @Test func narrow24x8AtTheLeftEdge() throws {
        let request = MenuLayoutRequest(viewport: CellSize(cols: 24, rows: 8), source: CellRect(col: 0, row: 2, width: 3, height: 1))
        #expect(try Golden.render(MenuFixtures.fileRows, request, screen: true) == """
        col 2 row 3 width 20 height 5 detailWidth 2 below
        +------------------------+
        |                        |
        |                        |
        |###                     |
        |  ┌──────────────────┐  |
        |  │ Open             │  |
        |  │ Rename…       F2 │  |
        |  │ Delete           │  |
        |  └──────────────────┘  |
        +------------------------+
        """)
    }

    @Test func narrow24x8AboveASourceAtTheBottomRight() throws {
        let request = MenuLayoutRequest(viewport: CellSize(cols: 24, rows: 8), source: CellRect(col: 23, row: 6, width: 1, height: 1))
        #expect(try Golden.render(MenuFixtures.fileRows, request, screen: true) == """
        col 2 row 1 width 20 height 5 detailWidth 2 above
        +------------------------+
        |                        |
        |  ┌──────────────────┐  |
        |  │ Open             │  |
        |  │ Rename…       F2 │  |
        |  │ Delete           │  |
        |  └──────────────────┘  |
        |                       #|
        |                        |
        +------------------------+
        """)
    }

    @Test func narrow24x8BackgroundMenuCutsTitlesThenTheRest() throws {
        let request = MenuLayoutRequest(viewport: CellSize(cols: 24, rows: 8), source: CellRect(col: 12, row: 0, width: 1, height: 1))
        #expect(try Golden.render(MenuFixtures.backgroundRows, request, screen: true) == """
        col 2 row 1 width 20 height 7 detailWidth 8 below scrolls first 0 visible 5
        +------------------------+
        |            #           |
        |  ┌──────────────────┐  |
        |  │ ✓ … Ready 2.4 MB │  |
        |  │ ● … Pending 512… │  |
        |  │ ✕ … Expired 12 … │  |
        |  ├──────────────────┤  |
        |  │   R…             │  |
        |  └────────────────▼─┘  |
        +------------------------+
        """)
    }
}
