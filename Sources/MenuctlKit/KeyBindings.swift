/// The menu's key map.
///
/// | keys | command |
/// |---|---|
/// | a shortcut key of the open menu | ``KeyCommand/shortcut(_:)`` (beats every letter below) |
/// | ↑, `k`, Shift-Tab, wheel up | ``KeyCommand/moveUp`` |
/// | ↓, `j`, Tab, wheel down | ``KeyCommand/moveDown`` |
/// | Home, `g` / End, `G` | ``KeyCommand/moveToFirst`` / ``KeyCommand/moveToLast`` |
/// | Page Up / Page Down | ``KeyCommand/pageUp`` / ``KeyCommand/pageDown`` |
/// | →, `l` | ``KeyCommand/openSubmenu`` |
/// | ←, `h`, Backspace | ``KeyCommand/closeSubmenu`` |
/// | Enter, Space | ``KeyCommand/activate`` |
/// | Esc, `q`, Ctrl-C, Ctrl-D | ``KeyCommand/cancel`` |
/// | left-button press | ``KeyCommand/click(col:row:)`` |
///
/// Shortcuts match exactly (`d` is not `D`). Everything else (releases, motion, unknown bytes) maps
/// to `nil`: ignore it.
public enum KeyBindings {
    public static func command(for event: KeyEvent, shortcuts: Set<Character>) -> KeyCommand? {
        if case .character(let character) = event, shortcuts.contains(character) {
            return .shortcut(character)
        }
        switch event {
        case .up, .backTab, .character("k"): return .moveUp
        case .down, .tab, .character("j"): return .moveDown
        case .home, .character("g"): return .moveToFirst
        case .end, .character("G"): return .moveToLast
        case .pageUp: return .pageUp
        case .pageDown: return .pageDown
        case .right, .character("l"): return .openSubmenu
        case .left, .backspace, .character("h"): return .closeSubmenu
        case .enter, .character(" "): return .activate
        case .escape, .interrupt, .endOfInput, .character("q"): return .cancel
        case .mouse(let mouse):
            switch (mouse.button, mouse.action) {
            case (.left, .press): return .click(col: mouse.col, row: mouse.row)
            case (.wheelUp, .press): return .moveUp
            case (.wheelDown, .press): return .moveDown
            default: return nil
            }
        default:
            return nil
        }
    }
}
