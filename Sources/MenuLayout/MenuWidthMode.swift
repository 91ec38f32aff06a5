/// How wide a menu is: the protocol's `{"auto": {"min": n}}` or `{"fixed": n}`.
public enum MenuWidthMode: Sendable, Equatable {
    /// As wide as the widest row needs, at least `min` cells (see ``MenuLayoutCalculator``).
    case auto(min: Int)
    /// Exactly this many cells, as far as the viewport allows.
    case fixed(Int)
}
