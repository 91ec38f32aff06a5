/// The columns shared by all rows of one menu, decided from all of its rows. Computed by the
/// layout and carried in ``MenuLayoutResult/columns`` so the renderer draws exactly what was
/// measured. See ``MenuMetrics`` for the cells of each part.
public struct MenuColumns: Sendable, Equatable {
    /// Cells of the key column (0 or ``MenuMetrics/keyCells``), gap not included.
    public let keyWidth: Int
    /// Cells of the badge column (0 or ``MenuMetrics/badgeCells``), gap not included.
    public let badgeWidth: Int
    /// Cells of the detail column: the widest detail of the menu (0 when no row has one).
    public let detailWidth: Int
    /// Cells of the submenu column (0 or ``MenuMetrics/submenuCells``), gap not included.
    public let submenuWidth: Int

    public init(keyWidth: Int, badgeWidth: Int, detailWidth: Int, submenuWidth: Int) {
        self.keyWidth = keyWidth
        self.badgeWidth = badgeWidth
        self.detailWidth = detailWidth
        self.submenuWidth = submenuWidth
    }

    public init(rows: [LayoutRow]) {
        let items = rows.filter { $0.kind == .item }
        keyWidth = items.contains { $0.key != nil } ? MenuMetrics.keyCells : 0
        badgeWidth = items.contains { $0.badge != nil } ? MenuMetrics.badgeCells : 0
        detailWidth = items.map { $0.detail?.width ?? 0 }.max() ?? 0
        submenuWidth = items.contains { $0.hasSubmenu } ? MenuMetrics.submenuCells : 0
    }

    /// These columns narrowed until every row can be shown in `contentWidth` cells with its title
    /// cut to `…`: first the key column is dropped (the keys still work), then the badge column
    /// shrinks to ``MenuMetrics/compactBadgeCells`` (the mark alone on the badge color). Unchanged
    /// when the rows already fit.
    public func compacted(toFit contentWidth: Int, rows: [LayoutRow]) -> MenuColumns {
        func fits(_ columns: MenuColumns) -> Bool {
            (rows.map(columns.requiredWidth(of:)).max() ?? 0) <= contentWidth
        }
        var columns = self
        if fits(columns) { return columns }
        if columns.keyWidth > 0 {
            columns = MenuColumns(keyWidth: 0, badgeWidth: columns.badgeWidth, detailWidth: detailWidth, submenuWidth: submenuWidth)
            if fits(columns) { return columns }
        }
        if columns.badgeWidth > MenuMetrics.compactBadgeCells {
            columns = MenuColumns(keyWidth: columns.keyWidth, badgeWidth: MenuMetrics.compactBadgeCells, detailWidth: detailWidth, submenuWidth: submenuWidth)
        }
        return columns
    }

    /// Cells before an item's title: the key and badge columns with their gaps.
    public var leadingWidth: Int {
        (keyWidth > 0 ? keyWidth + MenuMetrics.keyGap : 0) + (badgeWidth > 0 ? badgeWidth + MenuMetrics.badgeGap : 0)
    }

    /// Cells of an item row's status, detail column and submenu column, with the gaps between them
    /// (not the title gap). 0 when the row has nothing right of its title.
    public func trailingWidth(of row: LayoutRow) -> Int {
        var width = 0
        if let status = row.status, status.width > 0 { width += status.width }
        if detailWidth > 0 { width += (width > 0 ? MenuMetrics.columnGap : 0) + detailWidth }
        if submenuWidth > 0 { width += (width > 0 ? MenuMetrics.submenuGap : 0) + submenuWidth }
        return width
    }

    /// Content cells (inside border and padding) a row needs to be shown whole.
    public func naturalWidth(of row: LayoutRow) -> Int {
        switch row.kind {
        case .separator: return 0
        case .header: return row.titleWidth
        case .item: return width(of: row, titleCells: row.titleWidth)
        }
    }

    /// Content cells a row needs with its title cut to `…` (one cell): below this, status or detail
    /// would have to be cut too.
    public func requiredWidth(of row: LayoutRow) -> Int {
        switch row.kind {
        case .separator: return 0
        case .header: return min(row.titleWidth, 1)
        case .item: return width(of: row, titleCells: min(row.titleWidth, 1))
        }
    }

    private func width(of row: LayoutRow, titleCells: Int) -> Int {
        let trailing = trailingWidth(of: row)
        return leadingWidth + titleCells + (trailing > 0 ? MenuMetrics.titleGap + trailing : 0)
    }
}
