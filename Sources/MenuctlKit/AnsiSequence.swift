/// The escape sequences `menuctl` writes. Every coordinate taken here is 0-based, like the layout;
/// the 1-based terminal form is produced here and nowhere else.
public enum AnsiSequence {
    public static let escape = "\u{1B}"
    /// Control Sequence Introducer.
    public static let csi = "\u{1B}["

    /// Select Graphic Rendition with `parameters` (`ESC[<parameters>m`).
    public static func sgr(_ parameters: String) -> String { csi + parameters + "m" }

    /// All attributes off.
    public static let reset = csi + "0m"

    /// Moves the cursor to the 0-based cell (`col`, `row`): `ESC[<row+1>;<col+1>H`.
    public static func cursorPosition(col: Int, row: Int) -> String { csi + "\(row + 1);\(col + 1)H" }

    /// DECSC: saves cursor position and attributes.
    public static let saveCursor = escape + "7"
    /// DECRC: restores what ``saveCursor`` saved.
    public static let restoreCursor = escape + "8"

    /// ECH: blanks `count` cells from the cursor rightwards without moving it.
    public static func eraseCharacters(_ count: Int) -> String { csi + "\(count)X" }

    public static let hideCursor = csi + "?25l"
    public static let showCursor = csi + "?25h"

    /// Mouse button reports (1000) in SGR form (1006): `ESC[<b;x;yM` / `m`.
    public static let enableMouse = csi + "?1000h" + csi + "?1006h"
    public static let disableMouse = csi + "?1006l" + csi + "?1000l"
}
