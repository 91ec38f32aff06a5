/// What a menu is laid out against: the protocol's `layout` parameter of `menu.open`, plus the
/// daemon's `maxWidth` setting and the row the cursor starts on.
public struct MenuLayoutRequest: Sendable, Equatable {
    /// The terminal's size in cells.
    public var viewport: CellSize
    /// The cells the menu was opened from (0-based), e.g. the list row that was long-pressed.
    public var source: CellRect
    public var width: MenuWidthMode
    /// Upper bound of an automatic width; ``MenuMetrics/defaultMaxWidth`` unless configured.
    public var maxWidth: Int
    /// The row the cursor starts on, which a scrolling menu keeps in view; `nil` for the first
    /// selectable row.
    public var selectedRow: Int?

    public init(
        viewport: CellSize,
        source: CellRect,
        width: MenuWidthMode = .auto(min: MenuMetrics.defaultAutoMinWidth),
        maxWidth: Int = MenuMetrics.defaultMaxWidth,
        selectedRow: Int? = nil
    ) {
        self.viewport = viewport
        self.source = source
        self.width = width
        self.maxWidth = maxWidth
        self.selectedRow = selectedRow
    }
}
