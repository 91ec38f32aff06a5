extension MenuLayoutCalculator {
    /// Lays out the child menu of row `parentRow` of the menu laid out as `parent`.
    ///
    /// Width as for a top-level menu. Horizontally the child sits right beside the parent box
    /// (`col = parent.col + parent.width`) when it ends at least ``MenuMetrics/edgeMargin`` cells
    /// from the right edge; else left of it (`col = parent.col - width`) when it starts at least that
    /// far from the left edge; else on the side with more room, clamped into the margins (it then
    /// overlaps the parent). Vertically its first row is level with the parent row (its top border
    /// one line higher), moved up as far as needed to end within the viewport; taller than the
    /// viewport, it fills it and scrolls.
    ///
    /// Throws when the viewport is too small (as ``layout(rows:for:)``) or when `parentRow` is not a
    /// visible row of `parent` (`param` `parentRow`).
    public static func submenuLayout(
        rows: [LayoutRow],
        parent: MenuLayoutResult,
        parentRow: Int,
        viewport: CellSize,
        width mode: MenuWidthMode = .auto(min: 0),
        maxWidth: Int = MenuMetrics.defaultMaxWidth,
        selectedRow: Int? = nil
    ) throws(MenuLayoutError) -> MenuLayoutResult {
        guard let anchorRow = parent.screenRow(ofRow: parentRow) else {
            throw MenuLayoutError(
                param: "parentRow",
                message: "parentRow \(parentRow) is not on screen (rows \(parent.visibleRows.lowerBound)..<\(parent.visibleRows.upperBound) are); scroll the parent menu to it first."
            )
        }
        let source = CellRect(col: parent.col, row: anchorRow, width: parent.width, height: 1)
        let request = MenuLayoutRequest(viewport: viewport, source: source, width: mode, maxWidth: maxWidth, selectedRow: selectedRow)
        try validate(request, rowCount: rows.count)

        let allColumns = MenuColumns(rows: rows)
        let width = boxWidth(rows: rows, columns: allColumns, mode: mode, maxWidth: maxWidth, viewportCols: viewport.cols)
        let columns = allColumns.compacted(toFit: width - MenuMetrics.horizontalChrome, rows: rows)
        let margin = MenuMetrics.edgeMargin
        let rightCol = parent.col + parent.width
        let leftCol = parent.col - width
        let placement: MenuPlacement
        let col: Int
        if rightCol + width <= viewport.cols - margin {
            (placement, col) = (.right, rightCol)
        } else if leftCol >= margin {
            (placement, col) = (.left, leftCol)
        } else {
            let roomRight = viewport.cols - margin - rightCol
            let roomLeft = parent.col - margin
            placement = roomRight >= roomLeft ? .right : .left
            col = clampedCol(placement == .right ? rightCol : leftCol, width: width, viewportCols: viewport.cols)
        }

        let fullHeight = rows.count + MenuMetrics.verticalChrome
        let height = min(fullHeight, viewport.rows)
        let top = min(max(anchorRow - MenuMetrics.border, 0), viewport.rows - height)
        let visible = height - MenuMetrics.verticalChrome
        let selected = selectedRow ?? MenuCursor.firstSelectable(in: rows) ?? 0
        return MenuLayoutResult(
            col: col, row: top, width: width, height: height, placement: placement,
            firstVisibleRow: MenuLayoutResult.windowStart(centering: selected, visible: visible, total: rows.count),
            visibleRowCount: visible, rowCount: rows.count, columns: columns
        )
    }
}
