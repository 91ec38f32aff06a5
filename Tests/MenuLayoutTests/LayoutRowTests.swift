import Testing
import MenuLayout

@Suite struct LayoutRowTests {
    private func shape(_ rows: [LayoutRow]) -> [String] {
        rows.map { row in
            switch row.kind {
            case .separator: "---"
            case .header: "# \(row.title)"
            case .item: row.title + (row.hasSubmenu ? " ›" : "") + (row.disabled ? " (disabled)" : "")
            }
        }
    }

    @Test func inlineGroupsAreSetApartBySingleSeparators() {
        let rows = LayoutRow.rows(from: [
            LayoutItem(id: "1", title: "Open"),
            LayoutItem(id: "g1", title: "", children: [
                LayoutItem(id: "2", title: "Copy"),
                LayoutItem(id: "3", title: "Move"),
            ], inline: true),
            LayoutItem(id: "g2", title: "Share", children: [
                LayoutItem(id: "4", title: "Mail"),
            ], inline: true),
            LayoutItem(id: "5", title: "Delete", destructive: true),
        ])
        #expect(shape(rows) == ["Open", "---", "Copy", "Move", "---", "# Share", "Mail", "---", "Delete"])
        #expect(rows.last?.destructive == true)
        #expect(rows.compactMap(\.id) == ["1", "2", "3", "4", "5"])
    }

    @Test func noSeparatorFirstOrLastOrForEmptyGroups() {
        let rows = LayoutRow.rows(from: [
            LayoutItem(id: "g0", title: "", children: [], inline: true),
            LayoutItem(id: "g1", title: "", children: [LayoutItem(id: "1", title: "A")], inline: true),
            LayoutItem(id: "g2", title: "", children: [], inline: true),
            LayoutItem(id: "g3", title: "", children: [LayoutItem(id: "2", title: "B")], inline: true),
        ])
        #expect(shape(rows) == ["A", "---", "B"])
    }

    @Test func submenusAreOneRowAndDisabledGroupsDisableTheirChildren() {
        let rows = LayoutRow.rows(from: [
            LayoutItem(id: "s", title: "Sort by", children: [LayoutItem(id: "n", title: "Name")]),
            LayoutItem(id: "g", title: "", disabled: true, children: [LayoutItem(id: "c", title: "Compress")], inline: true),
            LayoutItem(id: "p", title: "Plain", children: []),
        ])
        #expect(shape(rows) == ["Sort by ›", "---", "Compress (disabled)", "---", "Plain"])
        #expect(rows[0].isSelectable && !rows[0].runsAction)
        #expect(!rows[2].isSelectable)
        #expect(rows[4].runsAction)
        #expect(!LayoutRow.separator.isSelectable)
        #expect(!LayoutRow.header("x").isSelectable)
    }

    @Test func rowTextIsStoredSafeAndUnshowableKeysAreDropped() {
        let row = LayoutRow(id: "x", title: "a\nb", status: ColoredText("\u{1B}[1m"), key: "\n")
        #expect(row.title == "a\\nb")
        #expect(row.status?.text == "\\x1B[1m")
        #expect(row.key == nil)
        #expect(LayoutRow(id: "y", title: "y", key: "日").key == nil)
        #expect(LayoutRow(id: "z", title: "z", key: "d").key == "d")
    }

    @Test func badgesDefaultToTheProtocolColors() {
        #expect(RowBadge(kind: .ready).color.hex == "#2B7847")
        #expect(RowBadge(kind: .pending).color.hex == "#8C2424")
        #expect(RowBadge(kind: .expired).color.hex == "#9A6700")
        #expect(RowBadge(kind: .ready, color: RGBColor(hex: "#010203")).color.hex == "#010203")
    }

    @Test func hexColorsParseStrictly() {
        #expect(RGBColor(hex: "#2b7847") == RGBColor(red: 0x2B, green: 0x78, blue: 0x47))
        #expect(RGBColor(hex: "2B7847") == nil)
        #expect(RGBColor(hex: "#2B784") == nil)
        #expect(RGBColor(hex: "#2B78471") == nil)
        #expect(RGBColor(hex: "#GG0000") == nil)
        #expect(RGBColor(hex: "#fff") == nil)
    }

    @Test func cursorSkipsRowsItCannotRestOn() {
        let rows = MenuFixtures.backgroundRows
        // 0 intro, 1 upload, 2 report, 3 ---, 4 Refresh, 5 Sort by, 6 Compress (disabled), 7 ---, 8 Delete
        #expect(MenuCursor.firstSelectable(in: rows) == 0)
        #expect(MenuCursor.next(after: 2, in: rows) == 4)
        #expect(MenuCursor.next(after: 5, in: rows) == 8)
        #expect(MenuCursor.next(after: 8, in: rows) == 0)
        #expect(MenuCursor.next(after: 8, in: rows, wrapping: false) == nil)
        #expect(MenuCursor.previous(before: 8, in: rows) == 5)
        #expect(MenuCursor.previous(before: 0, in: rows) == 8)
        #expect(MenuCursor.previous(before: nil, in: rows) == 8)
        #expect(MenuCursor.row(forKey: "x", in: rows) == 8)
        #expect(MenuCursor.row(forKey: "X", in: rows) == nil)
        #expect(MenuCursor.firstSelectable(in: [.separator]) == nil)
    }
}
