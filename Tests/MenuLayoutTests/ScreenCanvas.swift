import MenuLayout
import MenuctlKit

/// A test-only picture of the terminal: a viewport of cells with the source marked `#` and menu
/// boxes pasted at their layout positions, framed with `+-|` so margins are visible.
struct ScreenCanvas {
    private var cells: [[String]]
    let viewport: CellSize

    init(viewport: CellSize) {
        self.viewport = viewport
        cells = Array(repeating: Array(repeating: " ", count: viewport.cols), count: viewport.rows)
    }

    mutating func mark(_ source: CellRect) {
        for row in source.row ..< source.row + max(source.height, 1) where row < viewport.rows {
            for col in source.col ..< source.col + max(source.width, 1) where col < viewport.cols {
                cells[row][col] = "#"
            }
        }
    }

    /// Pastes `lines` (plain text) with their first cell at (`col`, `row`). A wide character takes
    /// its cell and leaves the next one empty; a zero-width one joins the previous cell.
    mutating func paste(_ lines: [String], col: Int, row: Int) {
        for (offset, line) in lines.enumerated() {
            var x = col
            for character in line {
                let width = DisplayWidth.width(of: character)
                if width == 0 {
                    cells[row + offset][x - 1] += String(character)
                    continue
                }
                cells[row + offset][x] = String(character)
                if width == 2 { cells[row + offset][x + 1] = "" }
                x += width
            }
        }
    }

    var text: String {
        let edge = "+" + String(repeating: "-", count: viewport.cols) + "+"
        let body = cells.map { "|" + $0.joined() + "|" }
        return ([edge] + body + [edge]).joined(separator: "\n")
    }
}
