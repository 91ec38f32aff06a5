import MenuLayout

/// Draws a laid-out menu as lines of box-drawing characters, each exactly `layout.width` cells.
///
/// ```
/// ┌─ videos ───────────────────────▲─┐
/// │ d  ✓  intro.mp4     Ready  2.4 MB │
/// ├───────────────────────────────────┤
/// │      Delete                        │
/// └───────────────────────────────────┘
/// ```
///
/// - Borders: `┌─┐ │ └─┘`; separators between inline groups: `├─┤`. The menu title, when given,
///   sits in the top border (bold, truncated); it never widens the box.
/// - When the list scrolls, `▲` in the top border and `▼` in the bottom border show that rows are
///   hidden above or below.
/// - Key column: the shortcut, bold. Badge column: the badge's mark (``BadgeKind/mark``) in white
///   bold on the badge color, a 3-cell block (in ``ColorMode/none`` just the mark).
/// - Title: truncated with `…` first; destructive rows draw title and key in
///   ``MenuRendererPalette/destructive``.
/// - Status in its color; detail right-aligned in the detail column, in its color, or faint when it
///   has none or colors are off. Submenu rows end with `›`.
/// - Disabled rows: all faint, no colors (the badge shows only its mark). Headers: bold and faint.
/// - The selected row is in reverse video from border to border, except the badge block, which
///   keeps its color so the state stays readable (in ``ColorMode/none`` it is reversed too).
public struct MenuRenderer: Sendable {
    public let colorMode: ColorMode
    public let palette: MenuRendererPalette

    public init(colorMode: ColorMode, palette: MenuRendererPalette = .standard) {
        self.colorMode = colorMode
        self.palette = palette
    }

    /// The lines of the box, top border first. `selected` is an index into `rows` (the cursor), or
    /// `nil`; `title` is drawn into the top border.
    public func lines(rows: [LayoutRow], layout: MenuLayoutResult, selected: Int?, title: String? = nil) -> [Line] {
        var lines = [topBorder(layout: layout, title: title)]
        for index in layout.visibleRows where rows.indices.contains(index) {
            let row = rows[index]
            switch row.kind {
            case .separator:
                lines.append(separatorLine(layout: layout))
            case .header:
                lines.append(headerLine(row, layout: layout))
            case .item:
                lines.append(itemLine(row, layout: layout, selected: index == selected))
            }
        }
        lines.append(bottomBorder(layout: layout))
        return lines
    }

    /// The whole box as one string for the terminal: save the cursor, draw each line at its place
    /// (`layout.col`, `layout.row + i`), restore the cursor.
    public func render(rows: [LayoutRow], layout: MenuLayoutResult, selected: Int?, title: String? = nil) -> String {
        drawSequence(lines(rows: rows, layout: layout, selected: selected, title: title), layout: layout)
    }

    /// `lines` placed at the layout's position, between cursor save and restore.
    public func drawSequence(_ lines: [Line], layout: MenuLayoutResult) -> String {
        var output = AnsiSequence.saveCursor
        for (offset, line) in lines.enumerated() {
            output += AnsiSequence.cursorPosition(col: layout.col, row: layout.row + offset)
            output += line.styled(in: colorMode)
        }
        return output + AnsiSequence.restoreCursor
    }

    /// Blanks exactly the box's cells (with the terminal's default attributes), between cursor save
    /// and restore. Send it, and wait for it to be written, before `menu.dismissed`: the action
    /// runs only after the menu is off the screen.
    public static func eraseSequence(for layout: MenuLayoutResult) -> String {
        var output = AnsiSequence.saveCursor + AnsiSequence.reset
        for offset in 0..<layout.height {
            output += AnsiSequence.cursorPosition(col: layout.col, row: layout.row + offset)
            output += AnsiSequence.eraseCharacters(layout.width)
        }
        return output + AnsiSequence.restoreCursor
    }
}
