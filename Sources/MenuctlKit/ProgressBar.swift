import MenuLayout

/// The line shown while an action runs, from its `action.progress` notifications:
/// `[██████░░░░░░░░░░]  40%  Hashing intro.mp4`.
public enum ProgressBar {
    /// Cells of the bar between its brackets.
    public static let barCells = 20

    /// The line, at most `width` cells. `fraction` is clamped to 0...1; `nil` (no fraction yet)
    /// shows an empty bar without a percentage.
    public static func line(fraction: Double?, message: String?, width: Int) -> String {
        let filled: Int
        let percent: String
        if let fraction, fraction.isFinite {
            let clamped = min(max(fraction, 0), 1)
            filled = Int((clamped * Double(barCells)).rounded(.down))
            percent = String(Int((clamped * 100).rounded(.down))).padding(toLeft: 3) + "%"
        } else {
            filled = 0
            percent = "    "
        }
        var line = "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: barCells - filled) + "] " + percent
        if let message, !message.isEmpty { line += "  " + message }
        return DisplayWidth.truncate(line, toCells: max(width, 1))
    }

    /// The sequence that replaces the current terminal line with the bar.
    public static func draw(fraction: Double?, message: String?, width: Int) -> String {
        "\r" + line(fraction: fraction, message: message, width: width) + AnsiSequence.csi + "K"
    }

    /// The sequence that clears the bar's line.
    public static let clear = "\r" + AnsiSequence.csi + "K"
}
