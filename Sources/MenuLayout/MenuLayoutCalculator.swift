/// Computes where a menu goes and how big it is, in terminal cells: the protocol's Layout section.
/// Pure and deterministic; `menud` (for `menu.open`'s `layout`) and `menuctl` (to draw) both call
/// it. All coordinates are 0-based cells.
///
/// **Width.** Automatic: the widest row's ``MenuColumns/naturalWidth(of:)`` plus border and padding
/// (``MenuMetrics/horizontalChrome``), clamped to `[min, maxWidth]` (when `min > maxWidth`, `min`
/// wins); then widened, past `maxWidth` if need be, to the width at which every title can still be
/// cut to `…` without cutting any status or detail (``MenuColumns/requiredWidth(of:)``). Fixed: as
/// given. Either way the width is then limited to the viewport minus the two edge margins
/// (`viewport.cols - 4`), and is at least ``MenuMetrics/minimumBoxWidth``. When even that is too
/// narrow for a row, the columns are compacted (``MenuColumns/compacted(toFit:rows:)``) and the
/// renderer cuts what still does not fit at the right edge, with `…`.
///
/// **Horizontal position.** Centered on the source: `col = source.col + ⌊(source.width - width) / 2⌋`,
/// then clamped to `[2, viewport.cols - 2 - width]` (``MenuMetrics/edgeMargin``).
///
/// **Vertical position.** The box is `rows + 2` lines high (one line per row, two border lines).
/// Below: its top line is the row right under the source (`source.row + source.height`), when it
/// ends within the viewport. Otherwise above: its last line is the row right over the source
/// (`source.row - 1`), when it starts within the viewport. Otherwise on the side with more room
/// (below on a tie), filling that room; the list then scrolls, with the selected row in view. If
/// even that side has no room for a border-row-border box, the box is placed on that side as close
/// to the source as fits in the viewport, covering the source.
public enum MenuLayoutCalculator {
    /// Lays out a top-level menu of `rows` for `request`.
    public static func layout(
        rows: [LayoutRow],
        for request: MenuLayoutRequest
    ) throws(MenuLayoutError) -> MenuLayoutResult {
        try validate(request, rowCount: rows.count)
        let viewport = request.viewport
        let allColumns = MenuColumns(rows: rows)
        let width = boxWidth(rows: rows, columns: allColumns, mode: request.width, maxWidth: request.maxWidth, viewportCols: viewport.cols)
        let columns = allColumns.compacted(toFit: width - MenuMetrics.horizontalChrome, rows: rows)

        let source = request.source
        let sourceWidth = max(source.width, 1)
        let centered = source.col + floorDivide(sourceWidth - width, by: 2)
        let col = clampedCol(centered, width: width, viewportCols: viewport.cols)

        let fullHeight = rows.count + MenuMetrics.verticalChrome
        let sourceBottom = source.row + max(source.height, 1)
        let roomBelow = max(viewport.rows - sourceBottom, 0)
        let roomAbove = source.row

        let placement: MenuPlacement
        let top: Int
        let height: Int
        if fullHeight <= roomBelow {
            (placement, top, height) = (.below, sourceBottom, fullHeight)
        } else if fullHeight <= roomAbove {
            (placement, top, height) = (.above, source.row - fullHeight, fullHeight)
        } else {
            let below = roomBelow >= roomAbove
            let room = below ? roomBelow : roomAbove
            placement = below ? .below : .above
            if room >= MenuMetrics.minimumBoxHeight {
                height = room
                top = below ? sourceBottom : source.row - room
            } else {
                height = min(fullHeight, viewport.rows)
                top = below ? min(sourceBottom, viewport.rows - height) : max(source.row - height, 0)
            }
        }

        let visible = height - MenuMetrics.verticalChrome
        let selected = request.selectedRow ?? MenuCursor.firstSelectable(in: rows) ?? 0
        return MenuLayoutResult(
            col: col, row: top, width: width, height: height, placement: placement,
            firstVisibleRow: MenuLayoutResult.windowStart(centering: selected, visible: visible, total: rows.count),
            visibleRowCount: visible, rowCount: rows.count, columns: columns
        )
    }

    /// The box width for `rows` (see the type's documentation), without validation.
    static func boxWidth(rows: [LayoutRow], columns: MenuColumns, mode: MenuWidthMode, maxWidth: Int, viewportCols: Int) -> Int {
        let chrome = MenuMetrics.horizontalChrome
        var width: Int
        switch mode {
        case .auto(let minimum):
            let natural = (rows.map(columns.naturalWidth(of:)).max() ?? 0) + chrome
            let required = (rows.map(columns.requiredWidth(of:)).max() ?? 0) + chrome
            width = max(min(natural, maxWidth), minimum)
            width = max(width, required)
        case .fixed(let fixed):
            width = fixed
        }
        width = min(width, viewportCols - 2 * MenuMetrics.edgeMargin)
        return max(width, MenuMetrics.minimumBoxWidth)
    }

    /// `col` moved into `[edgeMargin, viewportCols - edgeMargin - width]`.
    static func clampedCol(_ col: Int, width: Int, viewportCols: Int) -> Int {
        let lowest = MenuMetrics.edgeMargin
        let highest = max(viewportCols - MenuMetrics.edgeMargin - width, lowest)
        return min(max(col, lowest), highest)
    }

    /// Integer division rounding toward negative infinity.
    static func floorDivide(_ value: Int, by divisor: Int) -> Int {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    static func validate(_ request: MenuLayoutRequest, rowCount: Int) throws(MenuLayoutError) {
        let viewport = request.viewport
        if viewport.cols < MenuMetrics.minimumViewportCols {
            throw MenuLayoutError(
                param: "layout.viewport.cols",
                message: "layout.viewport.cols is \(viewport.cols); a menu needs at least \(MenuMetrics.minimumViewportCols) columns (\(MenuMetrics.minimumBoxWidth) for the box and \(MenuMetrics.edgeMargin) free at each edge). Send the terminal's real width."
            )
        }
        if viewport.rows < MenuMetrics.minimumViewportRows {
            throw MenuLayoutError(
                param: "layout.viewport.rows",
                message: "layout.viewport.rows is \(viewport.rows); a menu needs at least \(MenuMetrics.minimumViewportRows) rows (two border lines and one item). Send the terminal's real height."
            )
        }
        try validate(source: request.source, in: viewport)
        switch request.width {
        case .auto(let minimum) where minimum < 0:
            throw MenuLayoutError(
                param: "layout.width.auto.min",
                message: "layout.width.auto.min is \(minimum); send a width of 0 cells or more."
            )
        case .fixed(let fixed) where fixed < 1:
            throw MenuLayoutError(
                param: "layout.width.fixed",
                message: "layout.width.fixed is \(fixed); send a width of at least 1 cell (it is widened to \(MenuMetrics.minimumBoxWidth))."
            )
        default:
            break
        }
        if request.maxWidth < 1 {
            throw MenuLayoutError(
                param: "maxWidth",
                message: "maxWidth is \(request.maxWidth); set it to 1 cell or more (default \(MenuMetrics.defaultMaxWidth))."
            )
        }
        if let selected = request.selectedRow, !(0..<max(rowCount, 1)).contains(selected) {
            throw MenuLayoutError(
                param: "selectedRow",
                message: "selectedRow is \(selected) but the menu has \(rowCount) rows; pass an index from 0 to \(max(rowCount - 1, 0)), or nil for the first selectable row."
            )
        }
    }

    static func validate(source: CellRect, in viewport: CellSize) throws(MenuLayoutError) {
        if source.col < 0 || source.col >= viewport.cols {
            throw MenuLayoutError(
                param: "layout.source.col",
                message: "layout.source.col is \(source.col); send a 0-based column inside the viewport, from 0 to \(viewport.cols - 1)."
            )
        }
        if source.row < 0 || source.row >= viewport.rows {
            throw MenuLayoutError(
                param: "layout.source.row",
                message: "layout.source.row is \(source.row); send a 0-based row inside the viewport, from 0 to \(viewport.rows - 1)."
            )
        }
        if source.width < 0 {
            throw MenuLayoutError(param: "layout.source.width", message: "layout.source.width is \(source.width); send 0 or more cells.")
        }
        if source.height < 0 {
            throw MenuLayoutError(param: "layout.source.height", message: "layout.source.height is \(source.height); send 0 or more cells.")
        }
    }
}
