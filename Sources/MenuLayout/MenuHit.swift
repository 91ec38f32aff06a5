/// What a click at a screen cell lands on, relative to a menu box.
public enum MenuHit: Sendable, Equatable {
    /// Outside the box: the menu is cancelled.
    case outside
    /// On the border lines or the border columns of the box.
    case border
    /// On the line of menu row `index` (any row kind; check ``LayoutRow/isSelectable``), padding
    /// included.
    case row(Int)
}
