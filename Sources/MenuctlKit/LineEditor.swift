import MenuLayout

/// One line of text typed at the terminal, for an item that asks for input: starts with the
/// item's default, cursor at its end.
///
/// Keys: printable characters insert at the cursor; Backspace and Delete remove; ←/→, Home/End
/// (and Ctrl-A/Ctrl-E) move; Ctrl-U clears; Enter accepts; Esc, Ctrl-C and Ctrl-D cancel.
public struct LineEditor: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// Keep editing (redraw).
        case editing
        case accepted(String)
        case cancelled
    }

    public private(set) var characters: [Character]
    /// The cursor, as an index into ``characters`` (0 ... count).
    public private(set) var cursor: Int

    public init(text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    public var text: String { String(characters) }

    public mutating func handle(_ key: KeyEvent) -> Outcome {
        switch key {
        case .enter:
            return .accepted(text)
        case .escape, .interrupt, .endOfInput:
            return .cancelled
        case .character(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .backspace:
            if cursor > 0 {
                characters.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .left:
            cursor = max(cursor - 1, 0)
        case .right:
            cursor = min(cursor + 1, characters.count)
        case .home, .unknown([0x01]):
            cursor = 0
        case .end, .unknown([0x05]):
            cursor = characters.count
        case .unknown([0x15]):
            characters.removeAll()
            cursor = 0
        default:
            break
        }
        return .editing
    }

    /// The line for the terminal: back to column 0, `prompt`, the text (in safe form), the rest of
    /// the line cleared, and the cursor put back where it belongs.
    public func render(prompt: String) -> String {
        let before = DisplayWidth.safe(String(characters[..<cursor]))
        let after = DisplayWidth.safe(String(characters[cursor...]))
        var output = "\r" + DisplayWidth.safe(prompt) + before + after + AnsiSequence.csi + "K"
        let back = DisplayWidth.width(of: after)
        if back > 0 { output += AnsiSequence.csi + "\(back)D" }
        return output
    }
}
