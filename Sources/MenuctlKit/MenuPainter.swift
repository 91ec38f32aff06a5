import MenuLayout

/// Draws an interactive menu's boxes and takes them off the screen again, remembering which boxes
/// are on the screen so that closing the menu erases every one of them.
struct MenuPainter {
    let renderer: MenuRenderer
    /// The boxes drawn and not erased yet, outermost first.
    private(set) var onScreen: [MenuLayoutResult] = []

    init(renderer: MenuRenderer) {
        self.renderer = renderer
    }

    /// The sequence that erases `erased` and draws `levels` from index `first` on.
    mutating func redraw(_ levels: [MenuNavigatorLevel], erased: [MenuLayoutResult], from first: Int) -> String {
        var output = ""
        for box in erased.reversed() {
            output += MenuRenderer.eraseSequence(for: box)
        }
        for level in levels[max(first, 0)...] {
            output += renderer.render(rows: level.rows, layout: level.layout, selected: level.selected, title: level.title)
        }
        onScreen = levels.map(\.layout)
        return output
    }

    /// The sequence that erases every box on the screen, innermost first.
    mutating func eraseAll() -> String {
        defer { onScreen.removeAll() }
        return onScreen.reversed().map(MenuRenderer.eraseSequence(for:)).joined()
    }
}
