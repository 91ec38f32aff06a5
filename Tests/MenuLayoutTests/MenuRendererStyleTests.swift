import Testing
import MenuLayout
import MenuctlKit

@Suite struct MenuRendererStyleTests {
    private let rows = LayoutRow.rows(from: [
        LayoutItem(id: "a", title: "a.mp4", badge: RowBadge(kind: .ready),
                   status: ColoredText("Ready", color: RGBColor(hex: "#2B7847")),
                   detail: ColoredText("2 KB", color: RGBColor(hex: "#878A94")), key: "d"),
        LayoutItem(id: "x", title: "Delete", key: "x", destructive: true),
        LayoutItem(id: "z", title: "Zip", badge: RowBadge(kind: .pending), status: ColoredText("Busy", color: RGBColor(hex: "#8C2424")), disabled: true),
    ])

    private func layout() throws -> MenuLayoutResult {
        // widest: key 1 + 1 + badge 3 + 1 + "a.mp4" 5 + 2 + "Ready" 5 + 2 + "2 KB" 4 = 24 -> 28
        try MenuLayoutCalculator.layout(rows: rows, for: MenuLayoutRequest(
            viewport: CellSize(cols: 80, rows: 24), source: CellRect(col: 10, row: 2, width: 1, height: 1), width: .auto(min: 0)
        ))
    }

    private let e = "\u{1B}["

    @Test func trueColorSequencesAreExact() throws {
        let layout = try layout()
        #expect(layout.width == 28)
        let lines = MenuRenderer(colorMode: .trueColor).lines(rows: rows, layout: layout, selected: 0)
        #expect(lines.map(\.plain) == [
            "┌──────────────────────────┐",
            "│ d  ✓  a.mp4  Ready  2 KB │",
            "│ x     Delete             │",
            "│    ●  Zip     Busy       │",
            "└──────────────────────────┘",
        ])
        // Selected row: reverse video everywhere but the badge, which keeps white on green.
        #expect(lines[1].styled(in: .trueColor) ==
            "\(e)0m│\(e)0;7m \(e)0;1;7md\(e)0;7m "
            + "\(e)0;1;38;2;255;255;255;48;2;43;120;71m ✓ "
            + "\(e)0;7m a.mp4  \(e)0;7;38;2;43;120;71mReady\(e)0;7m  \(e)0;7;38;2;135;138;148m2 KB"
            + "\(e)0;7m \(e)0m│\(e)0m")
        // Destructive: key and title in red; the blank detail column is faint.
        #expect(lines[2].styled(in: .trueColor) ==
            "\(e)0m│ \(e)0;1;38;2;229;72;77mx\(e)0m     \(e)0;38;2;229;72;77mDelete"
            + "\(e)0m        \(e)0;2m    \(e)0m │\(e)0m")
        // Disabled: everything faint (the blank key cell bold too), no colors, the badge only its
        // mark; the status stays left of the (blank) detail column.
        #expect(lines[3].styled(in: .trueColor) ==
            "\(e)0m│\(e)0;2m \(e)0;1;2m \(e)0;2m  ●  Zip     Busy       \(e)0m│\(e)0m")
    }

    @Test func ansi256UsesTheNearestCubeOrGrayColors() throws {
        let lines = MenuRenderer(colorMode: .ansi256).lines(rows: rows, layout: try layout(), selected: 0)
        #expect(lines[1].styled(in: .ansi256) ==
            "\(e)0m│\(e)0;7m \(e)0;1;7md\(e)0;7m "
            + "\(e)0;1;38;5;231;48;5;29m ✓ "
            + "\(e)0;7m a.mp4  \(e)0;7;38;5;29mReady\(e)0;7m  \(e)0;7;38;5;245m2 KB"
            + "\(e)0;7m \(e)0m│\(e)0m")
    }

    @Test func noColorKeepsReverseFaintAndBoldOnly() throws {
        let lines = MenuRenderer(colorMode: .none).lines(rows: rows, layout: try layout(), selected: 0)
        #expect(lines[1].styled(in: .none) ==
            "\(e)0m│\(e)0;7m \(e)0;1;7md\(e)0;7m  ✓  a.mp4  Ready  \(e)0;2;7m2 KB\(e)0;7m \(e)0m│\(e)0m")
        for line in lines {
            #expect(!line.styled(in: .none).contains("38;"))
            #expect(!line.styled(in: .none).contains("48;"))
        }
    }

    @Test func everyLineIsExactlyTheBoxWidthInEveryMode() throws {
        let layout = try layout()
        for mode in ColorMode.allCases {
            for selected in [nil, 0, 1] {
                for line in MenuRenderer(colorMode: mode).lines(rows: rows, layout: layout, selected: selected, title: "A very long menu title indeed") {
                    #expect(line.width == layout.width)
                }
            }
        }
    }

    @Test func drawAndEraseSequencesAddressExactlyTheBox() throws {
        let layout = try layout()  // centered on col 10: 10 + floor((1 - 28) / 2) = -4, clamped to 2
        #expect(layout.col == 2 && layout.row == 3 && layout.height == 5)
        let renderer = MenuRenderer(colorMode: .none)
        let lines = renderer.lines(rows: rows, layout: layout, selected: nil)
        let draw = renderer.drawSequence(lines, layout: layout)
        #expect(draw.hasPrefix("\u{1B}7\(e)4;3H"))
        #expect(draw.hasSuffix("\u{1B}8"))
        for offset in 0..<5 { #expect(draw.contains("\(e)\(4 + offset);3H")) }
        #expect(!draw.contains("\(e)9;3H"))
        #expect(renderer.render(rows: rows, layout: layout, selected: nil) == draw)

        #expect(MenuRenderer.eraseSequence(for: layout) ==
            "\u{1B}7\(e)0m\(e)4;3H\(e)28X\(e)5;3H\(e)28X\(e)6;3H\(e)28X\(e)7;3H\(e)28X\(e)8;3H\(e)28X\u{1B}8")
    }

    @Test func aRowWiderThanAFixedBoxIsCutAtTheRightKeepingItsSubmenuMark() throws {
        let rows = [LayoutRow(id: "s", title: "Sort", status: ColoredText("by name"), detail: ColoredText("A→Z"), hasSubmenu: true)]
        let layout = try MenuLayoutCalculator.layout(rows: rows, for: MenuLayoutRequest(
            viewport: CellSize(cols: 80, rows: 24), source: CellRect(col: 10, row: 2, width: 1, height: 1), width: .fixed(14)
        ))
        let lines = MenuRenderer(colorMode: .none).lines(rows: rows, layout: layout, selected: 0)
        #expect(lines.map(\.plain) == [
            "┌────────────┐",
            "│ … by na… › │",
            "└────────────┘",
        ])
    }
}
