import MenuLayout
import MenudCore
import MenudProtocol

/// The full-screen list of `watch` on a terminal, drawn on the alternate screen.
///
/// ```
/// 12 files: 9 ready, 1 pending, 2 expired                      q quits
///  ✓  videos/intro.mp4   ready     2.4 MB
///  ...
/// … 5 more
/// ```
public struct WatchScreen: Sendable {
    public let colorMode: ColorMode
    public let size: CellSize

    public init(colorMode: ColorMode, size: CellSize) {
        self.colorMode = colorMode
        self.size = size
    }

    /// Switches to the alternate screen and hides the cursor.
    public static let enterSequence = AnsiSequence.csi + "?1049h" + AnsiSequence.hideCursor
    /// Shows the cursor and goes back to the normal screen.
    public static let exitSequence = AnsiSequence.showCursor + AnsiSequence.csi + "?1049l"

    /// The lines of the screen for `model`: a heading, then as many files as fit, the last line
    /// saying how many more there are when they do not all fit.
    public func lines(_ model: WatchModel) -> [String] {
        let order: [FileState] = [.ready, .pending, .expired]
        let noun = model.count == 1 ? "file" : "files"
        let prefix = "\(model.count) \(noun): "
        let plain = prefix + order.map { "\(model.count($0)) \($0.rawValue)" }.joined(separator: ", ")
        var heading = prefix + order.map { state in
            "\(model.count(state)) " + StatusReport.colored(state.rawValue, BadgeKind(state: state).defaultColor, mode: colorMode)
        }.joined(separator: ", ")
        let hint = "q quits"
        let headingWidth = DisplayWidth.width(of: plain)
        if headingWidth + 2 + hint.count <= size.cols {
            heading += String(repeating: " ", count: size.cols - headingWidth - hint.count) + hint
        }
        var lines = [heading]
        let room = max(size.rows - 1, 0)
        let table = FileTable(colorMode: colorMode, maxWidth: size.cols).lines(model.sortedFiles)
        if table.count <= room {
            lines += table
        } else if room > 0 {
            lines += table.prefix(room - 1)
            lines.append("… \(table.count - (room - 1)) more")
        }
        return lines
    }

    /// The whole screen as one write: home, each line cleared to its end, the rest cleared.
    public func render(_ model: WatchModel) -> String {
        let clearLine = AnsiSequence.csi + "K"
        // The terminal's output processing turns each "\n" into a new line at column 0.
        let body = lines(model).map { $0 + clearLine }.joined(separator: "\n")
        return AnsiSequence.csi + "H" + body + AnsiSequence.csi + "J"
    }
}
