/// One thing the person did at the terminal, decoded from input bytes by ``KeyDecoder``.
public enum KeyEvent: Sendable, Equatable {
    case up
    case down
    case left
    case right
    case home
    case end
    case pageUp
    case pageDown
    case enter
    case escape
    case tab
    /// Shift-Tab (`ESC [ Z`).
    case backTab
    case backspace
    case delete
    /// Ctrl-C (raw mode turns off the signal, so the menu can close cleanly).
    case interrupt
    /// Ctrl-D.
    case endOfInput
    /// A printable character (a shortcut, or `j`, `k`, `q`).
    case character(Character)
    case mouse(Mouse)
    /// Bytes that form a sequence or control this decoder does not know; ignore them.
    case unknown([UInt8])
}
