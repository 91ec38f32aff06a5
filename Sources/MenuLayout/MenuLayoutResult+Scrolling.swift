extension MenuLayoutResult {
    /// This layout scrolled as little as possible so that row `index` is in view (unchanged when it
    /// already is). `index` is clamped to the menu's rows.
    public func scrolledToShow(row index: Int) -> MenuLayoutResult {
        guard visibleRowCount > 0, rowCount > 0 else { return self }
        let target = min(max(index, 0), rowCount - 1)
        var first = firstVisibleRow
        if target < first { first = target }
        if target >= first + visibleRowCount { first = target - visibleRowCount + 1 }
        return withFirstVisibleRow(first)
    }

    /// This layout with `first` as its first visible row, clamped so that the window stays full.
    public func withFirstVisibleRow(_ first: Int) -> MenuLayoutResult {
        let clamped = min(max(first, 0), max(rowCount - visibleRowCount, 0))
        return MenuLayoutResult(
            col: col, row: row, width: width, height: height, placement: placement,
            firstVisibleRow: clamped, visibleRowCount: visibleRowCount, rowCount: rowCount, columns: columns
        )
    }

    /// The first visible row that shows `selected` roughly in the middle of a window of `visible`
    /// rows out of `total`, the window kept full.
    static func windowStart(centering selected: Int, visible: Int, total: Int) -> Int {
        guard visible < total else { return 0 }
        return min(max(selected - (visible - 1) / 2, 0), total - visible)
    }
}
