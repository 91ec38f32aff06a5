/// Every constant of the menu's cell geometry. A row inside the box reads, left to right:
///
/// ```
/// │ k ␣ ▐✓▌ ␣ title……␣␣(spacer)  status ␣␣ detail ␣ › │
///  ^pad          ^badge block (3)                  ^submenu column
/// ```
///
/// - ``border`` 1 cell each side (`│`), plus the top and bottom border lines;
/// - ``padding`` 1 cell inside the border each side;
/// - the key column, ``keyCells`` + ``keyGap``, present when any row has a shortcut key;
/// - the badge column, ``badgeCells`` (space, mark, space on the badge color) + ``badgeGap``,
///   present when any row has a badge, so titles line up;
/// - the title, then at least ``titleGap`` cells before whatever follows it on the right;
/// - the status, then ``columnGap`` cells before the detail column;
/// - the detail column, as wide as the widest detail of the menu, text right-aligned;
/// - the submenu column, ``submenuGap`` + ``submenuCells`` (`›`), present when any row opens a
///   submenu.
///
/// In a box too narrow for some row even with its title cut to `…` (a small viewport or a small
/// fixed width), the key column is dropped and then the badge column shrinks to
/// ``compactBadgeCells`` (``MenuColumns/compacted(toFit:rows:)``); a row that still does not fit is
/// drawn with single-cell gaps and cut at the right with `…` (detail first, then status).
///
/// Outside the box: ``edgeMargin`` cells kept free at the viewport's left and right edges; no
/// vertical margin (terminals have few rows; a menu may touch the first and last rows).
public enum MenuMetrics {
    public static let border = 1
    public static let padding = 1
    /// Cells of the box that are not content: border and padding on both sides.
    public static let horizontalChrome = 2 * (border + padding)
    /// The top and bottom border lines.
    public static let verticalChrome = 2 * border
    public static let keyCells = 1
    public static let keyGap = 1
    public static let badgeCells = 3
    public static let badgeGap = 1
    /// The badge column in a menu too narrow for the full block: the mark alone.
    public static let compactBadgeCells = 1
    public static let titleGap = 2
    public static let columnGap = 2
    public static let submenuGap = 1
    public static let submenuCells = 1
    /// Cells kept free between the box and the viewport's left and right edges.
    public static let edgeMargin = 2
    /// The default upper bound of an automatic width (`maxWidth`).
    public static let defaultMaxWidth = 60
    /// The default lower bound of an automatic width.
    public static let defaultAutoMinWidth = 24
    /// The narrowest box drawn: border and padding on both sides and one content cell.
    public static let minimumBoxWidth = horizontalChrome + 1
    /// The lowest box drawn: the two border lines and one row.
    public static let minimumBoxHeight = verticalChrome + 1
    /// The narrowest viewport a menu can be laid out in.
    public static let minimumViewportCols = minimumBoxWidth + 2 * edgeMargin
    /// The lowest viewport a menu can be laid out in.
    public static let minimumViewportRows = minimumBoxHeight
}
