extension KeyEvent {
    /// A mouse report. `col` and `row` are 0-based, like the layout (the terminal sends them
    /// 1-based); pass them to `MenuLayoutResult.hitTest(col:row:)`.
    public struct Mouse: Sendable, Equatable {
        public enum Button: Sendable, Equatable {
            case left
            case middle
            case right
            case wheelUp
            case wheelDown
            /// Motion with no button held, or a button number this decoder does not name.
            case other(Int)
        }

        public enum Action: Sendable, Equatable {
            case press
            case release
            case motion
        }

        public let button: Button
        public let action: Action
        public let col: Int
        public let row: Int
        public let shift: Bool
        public let alt: Bool
        public let control: Bool

        public init(button: Button, action: Action, col: Int, row: Int, shift: Bool = false, alt: Bool = false, control: Bool = false) {
            self.button = button
            self.action = action
            self.col = col
            self.row = row
            self.shift = shift
            self.alt = alt
            self.control = control
        }

        /// Decodes the button code `code` of a report (xterm: low bits 0–2 button, +4 shift,
        /// +8 alt, +16 control, +32 motion, +64 wheel) at 1-based terminal cell (`x`, `y`).
        init(code: Int, x: Int, y: Int, released: Bool) {
            let low = code & 0b11
            let button: Button
            if code & 64 != 0 {
                button = low == 0 ? .wheelUp : (low == 1 ? .wheelDown : .other(64 + low))
            } else {
                switch low {
                case 0: button = .left
                case 1: button = .middle
                case 2: button = .right
                default: button = .other(3)
                }
            }
            let action: Action = code & 32 != 0 ? .motion : (released ? .release : .press)
            self.init(
                button: button, action: action, col: x - 1, row: y - 1,
                shift: code & 4 != 0, alt: code & 8 != 0, control: code & 16 != 0
            )
        }
    }
}
