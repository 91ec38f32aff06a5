import MenuLayout
import MenudProtocol

/// What a key did to an interactive menu, for the caller to carry out.
public enum MenuNavigatorOutcome: Sendable, Equatable {
    /// Nothing to do.
    case nothing
    /// Erase the boxes `erased` (submenus that closed), then draw the levels from index `from` on.
    case redraw(erased: [MenuLayoutResult], from: Int)
    /// The person chose this item: take the menu off the screen and run it.
    case choose(MenuItemObject)
    /// The person closed the menu without choosing.
    case cancel
}
