/// A rectangle of terminal cells. `col` and `row` are 0-based (the top-left cell is 0,0); a width
/// or height of 0 is treated as 1 (a point still occupies its cell).
public struct CellRect: Sendable, Equatable {
    public var col: Int
    public var row: Int
    public var width: Int
    public var height: Int

    public init(col: Int, row: Int, width: Int, height: Int) {
        self.col = col
        self.row = row
        self.width = width
        self.height = height
    }
}
