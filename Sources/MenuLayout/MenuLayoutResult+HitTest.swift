extension MenuLayoutResult {
    /// What the 0-based screen cell (`col`, `row`) is in this box, for mouse clicks.
    public func hitTest(col clickCol: Int, row clickRow: Int) -> MenuHit {
        guard clickCol >= col, clickCol < col + width, clickRow >= row, clickRow < row + height else {
            return .outside
        }
        let innerRow = clickRow - row - MenuMetrics.border
        guard clickCol >= col + MenuMetrics.border, clickCol < col + width - MenuMetrics.border,
              innerRow >= 0, innerRow < visibleRowCount else {
            return .border
        }
        return .row(firstVisibleRow + innerRow)
    }
}
