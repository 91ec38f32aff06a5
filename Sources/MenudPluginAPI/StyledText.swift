/// A short text with its own color: a row's status (middle) or detail (right) column.
public struct StyledText: Sendable, Hashable {
    /// The text.
    public var text: String
    /// Its color.
    public var color: MenuColor

    /// A text in `color`; the default is the detail column's gray (`#878A94`).
    public init(_ text: String, color: MenuColor = .detail) {
        self.text = text
        self.color = color
    }

    /// The state's name in the state's color: `"Ready"` in green.
    public static func status(_ state: FileState) -> StyledText {
        StyledText(state.displayName, color: state.color)
    }
}
