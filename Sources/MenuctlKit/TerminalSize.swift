import MenuLayout

/// The terminal's size in character cells, as the kernel reports it.
public struct TerminalSize: Sendable, Equatable {
    public let cols: Int
    public let rows: Int

    public init(cols: Int, rows: Int) {
        self.cols = cols
        self.rows = rows
    }

    /// The viewport to lay menus out in.
    public var viewport: CellSize { CellSize(cols: cols, rows: rows) }
}
