import MenuLayout
import MenudProtocol

/// The state of an interactive menu: its open boxes (the menu, then each open submenu) and the
/// cursor in each. Pure: keys in, ``MenuNavigatorOutcome`` out; drawing is the caller's.
///
/// Rules:
/// - The cursor moves only in the innermost box, over selectable rows (``MenuCursor``), wrapping;
///   the box scrolls as little as needed to keep it in view. Page Up/Down move by a box's height.
/// - Enter, Space or → on a submenu row opens the submenu beside its row
///   (`MenuLayoutCalculator.submenuLayout`), cursor on its first selectable row. Enter or Space on
///   an action chooses it.
/// - ←, `h`, Backspace, and Esc inside a submenu close the innermost submenu. Esc, `q`, Ctrl-C and
///   Ctrl-D at the top close the menu (``MenuNavigatorOutcome/cancel``); `q`, Ctrl-C and Ctrl-D do
///   so from a submenu too.
/// - A shortcut key of the innermost box chooses its row (or opens it, for a submenu).
/// - A click on a selectable row of any open box closes the submenus above that box and chooses
///   the row (or opens it); a click on the border, a separator, a header or a disabled row does
///   nothing; a click outside every box closes the menu.
public struct MenuNavigator: Sendable, Equatable {
    public private(set) var levels: [MenuNavigatorLevel]
    public let viewport: CellSize

    /// Lays out `menu` for `request`, cursor on the first selectable row.
    public init(menu: MenuObject, request: MenuLayoutRequest) throws(MenuLayoutError) {
        let top = try MenuNavigatorLevel(items: menu.items, title: menu.title) { rows throws(MenuLayoutError) in
            try MenuLayoutCalculator.layout(rows: rows, for: request)
        }
        levels = [top]
        viewport = request.viewport
    }

    /// The innermost open box.
    public var current: MenuNavigatorLevel { levels[levels.count - 1] }

    /// Handles a key or click (see the type's rules).
    public mutating func handle(_ event: KeyEvent) -> MenuNavigatorOutcome {
        if event == .escape && levels.count > 1 { return handle(.closeSubmenu) }
        guard let command = KeyBindings.command(for: event, shortcuts: current.shortcuts) else { return .nothing }
        return handle(command)
    }

    /// Carries out `command`.
    public mutating func handle(_ command: KeyCommand) -> MenuNavigatorOutcome {
        let last = levels.count - 1
        let rows = current.rows
        switch command {
        case .moveDown:
            return moveCursor(to: MenuCursor.next(after: current.selected, in: rows))
        case .moveUp:
            return moveCursor(to: MenuCursor.previous(before: current.selected, in: rows))
        case .moveToFirst:
            return moveCursor(to: MenuCursor.firstSelectable(in: rows))
        case .moveToLast:
            return moveCursor(to: MenuCursor.lastSelectable(in: rows))
        case .pageDown:
            return moveCursor(to: pageTarget(down: true))
        case .pageUp:
            return moveCursor(to: pageTarget(down: false))
        case .openSubmenu:
            guard let selected = current.selected, rows[selected].hasSubmenu, rows[selected].isSelectable else { return .nothing }
            return openSubmenu(ofRow: selected, erased: [], redrawFrom: last + 1)
        case .closeSubmenu:
            guard levels.count > 1 else { return .nothing }
            let closed = levels.removeLast()
            return .redraw(erased: [closed.layout], from: 0)
        case .activate:
            guard let selected = current.selected else { return .nothing }
            return choose(row: selected, erased: [], redrawFrom: last)
        case .cancel:
            return .cancel
        case .shortcut(let key):
            guard let index = MenuCursor.row(forKey: key, in: rows) else { return .nothing }
            select(index)
            return choose(row: index, erased: [], redrawFrom: last)
        case .click(let col, let row):
            return click(col: col, row: row)
        }
    }

    private mutating func moveCursor(to index: Int?) -> MenuNavigatorOutcome {
        guard let index, index != current.selected else { return .nothing }
        select(index)
        return .redraw(erased: [], from: levels.count - 1)
    }

    /// Puts the innermost box's cursor on `index`, scrolling it into view.
    private mutating func select(_ index: Int) {
        let last = levels.count - 1
        levels[last].selected = index
        levels[last].layout = levels[last].layout.scrolledToShow(row: index)
    }

    /// The selectable row about one box height below (or above) the cursor.
    private func pageTarget(down: Bool) -> Int? {
        let rows = current.rows
        guard let selected = current.selected else { return MenuCursor.firstSelectable(in: rows) }
        let step = max(current.layout.visibleRowCount - 1, 1)
        let goal = down ? min(selected + step, rows.count - 1) : max(selected - step, 0)
        if down {
            return rows.indices.last(where: { $0 <= goal && $0 > selected && rows[$0].isSelectable })
                ?? rows.indices.first(where: { $0 > goal && rows[$0].isSelectable })
        }
        return rows.indices.first(where: { $0 >= goal && $0 < selected && rows[$0].isSelectable })
            ?? rows.indices.last(where: { $0 < goal && rows[$0].isSelectable })
    }

    /// Chooses row `index` of the innermost box: opens it when it is a submenu, returns it when it
    /// is an action. `erased` and `redrawFrom` say what to redraw when only the cursor changed.
    private mutating func choose(row index: Int, erased: [MenuLayoutResult], redrawFrom: Int) -> MenuNavigatorOutcome {
        let row = current.rows[index]
        guard row.isSelectable else { return erased.isEmpty ? .nothing : .redraw(erased: erased, from: 0) }
        if row.hasSubmenu { return openSubmenu(ofRow: index, erased: erased, redrawFrom: redrawFrom) }
        guard let item = current.item(atRow: index) else { return .nothing }
        return .choose(item)
    }

    private mutating func openSubmenu(ofRow index: Int, erased: [MenuLayoutResult], redrawFrom: Int) -> MenuNavigatorOutcome {
        guard let item = current.item(atRow: index), item.isSubmenu else { return .nothing }
        let parent = current.layout
        let viewport = viewport
        guard let child = try? MenuNavigatorLevel(items: item.children, title: item.title, place: { rows throws(MenuLayoutError) in
            try MenuLayoutCalculator.submenuLayout(rows: rows, parent: parent, parentRow: index, viewport: viewport)
        }) else {
            return erased.isEmpty ? .redraw(erased: [], from: levels.count - 1) : .redraw(erased: erased, from: 0)
        }
        levels.append(child)
        return .redraw(erased: erased, from: erased.isEmpty ? min(redrawFrom, levels.count - 1) : 0)
    }

    private mutating func click(col: Int, row: Int) -> MenuNavigatorOutcome {
        for levelIndex in levels.indices.reversed() {
            switch levels[levelIndex].layout.hitTest(col: col, row: row) {
            case .outside:
                continue
            case .border:
                return .nothing
            case .row(let index):
                let rows = levels[levelIndex].rows
                guard rows.indices.contains(index), rows[index].isSelectable else { return .nothing }
                let erased = levels[(levelIndex + 1)...].map(\.layout)
                levels.removeSubrange((levelIndex + 1)...)
                select(index)
                return choose(row: index, erased: erased, redrawFrom: levelIndex)
            }
        }
        return .cancel
    }
}
