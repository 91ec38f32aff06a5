/// Where and how big a menu is, in cells. The daemon sends `col`, `row`, `width`, `height`,
/// `detailWidth` and `placement` (its raw value) as the protocol's `layout` result; the rest is for
/// the client that draws it.
///
/// The box covers columns `col ..< col + width` and rows `row ..< row + height` (0-based). Its
/// first and last lines are the border; between them it shows `visibleRowCount` menu rows starting
/// at `firstVisibleRow`.
public struct MenuLayoutResult: Sendable, Equatable {
    public let col: Int
    public let row: Int
    public let width: Int
    public let height: Int
    public let placement: MenuPlacement
    /// Index of the first menu row shown.
    public let firstVisibleRow: Int
    /// How many menu rows fit between the border lines (`height - 2`).
    public let visibleRowCount: Int
    /// How many rows the menu has in all.
    public let rowCount: Int
    public let columns: MenuColumns

    public init(
        col: Int, row: Int, width: Int, height: Int, placement: MenuPlacement,
        firstVisibleRow: Int, visibleRowCount: Int, rowCount: Int, columns: MenuColumns
    ) {
        self.col = col
        self.row = row
        self.width = width
        self.height = height
        self.placement = placement
        self.firstVisibleRow = firstVisibleRow
        self.visibleRowCount = visibleRowCount
        self.rowCount = rowCount
        self.columns = columns
    }

    /// The width of the detail column (the widest detail), the protocol's `detailWidth`.
    public var detailWidth: Int { columns.detailWidth }

    /// Whether some rows are out of view and the list scrolls.
    public var scrolls: Bool { visibleRowCount < rowCount }

    /// Content cells of each row: the width inside border and padding.
    public var contentWidth: Int { width - MenuMetrics.horizontalChrome }

    /// The indices of the rows shown.
    public var visibleRows: Range<Int> { firstVisibleRow ..< firstVisibleRow + visibleRowCount }

    /// The screen row (0-based) where menu row `index` is drawn, or `nil` when it is out of view.
    public func screenRow(ofRow index: Int) -> Int? {
        visibleRows.contains(index) ? row + MenuMetrics.border + index - firstVisibleRow : nil
    }
}
