import MenuLayout

/// `menuctl menu (PATH... | --row N | --background) [--pick ID|TITLE] [--input TEXT] [--json]
/// [--viewport COLSxROWS] [--at COL,ROW] [--width auto|N]`.
public struct MenuOptions: Sendable, Equatable {
    public var target: MenuTargetOption
    /// `--pick`: choose this item (id, or title) without showing the menu.
    public var pick: String?
    /// `--input`: the text for an item that asks for one (instead of asking on the terminal).
    public var input: String?
    /// `--json`: print the protocol's results instead of drawing.
    public var json: Bool
    /// `--viewport COLSxROWS`: lay out for this size instead of the terminal's.
    public var viewport: CellSize?
    /// `--at COL,ROW` (0-based): the cell the menu opens from, instead of the cursor's row.
    public var source: CellRect?
    /// `--width auto|N`.
    public var width: MenuWidthMode

    public init(
        target: MenuTargetOption, pick: String? = nil, input: String? = nil, json: Bool = false,
        viewport: CellSize? = nil, source: CellRect? = nil,
        width: MenuWidthMode = .auto(min: MenuMetrics.defaultAutoMinWidth)
    ) {
        self.target = target
        self.pick = pick
        self.input = input
        self.json = json
        self.viewport = viewport
        self.source = source
        self.width = width
    }

    /// Reads the `menu` command's arguments.
    init(arguments: ParsedArguments) throws(MenuctlError) {
        let command = "menu"
        let paths = arguments.positionals
        let row = arguments.value("row")
        let background = arguments.has("background")
        let chosen = [!paths.isEmpty, row != nil, background].filter { $0 }.count
        guard chosen == 1 else {
            let problem = chosen == 0 ? "say what the menu is for" : "give only one of PATH..., --row and --background"
            throw .usage("\(problem): menuctl menu PATH..., menuctl menu --row N or menuctl menu --background.", command: command)
        }
        if let row {
            guard let number = Int(row), number >= 0 else {
                throw .usage("--row takes a row number from 0 (the first file of 'menuctl ls'); got '\(row)'.", command: command)
            }
            target = .row(number)
        } else if background {
            target = .background
        } else if paths.count == 1 {
            target = .path(paths[0])
        } else {
            target = .paths(paths)
        }
        if paths.contains(where: \.isEmpty) {
            throw .usage("a path is empty; give paths relative to the daemon's root (see 'menuctl ls').", command: command)
        }
        pick = arguments.value("pick")
        if let pick, pick.isEmpty {
            throw .usage("--pick needs an item id or title.", command: command)
        }
        input = arguments.value("input")
        json = arguments.has("json")
        viewport = try arguments.value("viewport").map(Self.parseViewport)
        source = try arguments.value("at").map(Self.parseSource)
        width = try arguments.value("width").map(Self.parseWidth) ?? .auto(min: MenuMetrics.defaultAutoMinWidth)
        if let source, let viewport, source.col >= viewport.cols || source.row >= viewport.rows {
            throw .usage("--at \(source.col),\(source.row) is outside the viewport \(viewport.cols)x\(viewport.rows); columns and rows count from 0.", command: command)
        }
    }

    static func parseViewport(_ text: String) throws(MenuctlError) -> CellSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let cols = Int(parts[0]), let rows = Int(parts[1]) else {
            throw .usage("--viewport takes COLSxROWS, like 80x24; got '\(text)'.", command: "menu")
        }
        guard cols >= MenuMetrics.minimumViewportCols, rows >= MenuMetrics.minimumViewportRows, cols <= 10_000, rows <= 10_000 else {
            throw .usage("--viewport \(text) is too small or too large; a menu needs at least \(MenuMetrics.minimumViewportCols)x\(MenuMetrics.minimumViewportRows) cells (at most 10000 either way).", command: "menu")
        }
        return CellSize(cols: cols, rows: rows)
    }

    static func parseSource(_ text: String) throws(MenuctlError) -> CellRect {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let col = Int(parts[0]), let row = Int(parts[1]), col >= 0, row >= 0 else {
            throw .usage("--at takes COL,ROW counted from 0, like 10,5; got '\(text)'.", command: "menu")
        }
        return CellRect(col: col, row: row, width: 1, height: 1)
    }

    static func parseWidth(_ text: String) throws(MenuctlError) -> MenuWidthMode {
        if text == "auto" { return .auto(min: MenuMetrics.defaultAutoMinWidth) }
        guard let cells = Int(text), cells >= MenuMetrics.minimumBoxWidth, cells <= 10_000 else {
            throw .usage("--width takes auto or a number of cells from \(MenuMetrics.minimumBoxWidth); got '\(text)'.", command: "menu")
        }
        return .fixed(cells)
    }
}
