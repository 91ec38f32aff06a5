/// A piece of row text with an optional color (a row's status or detail).
public struct ColoredText: Sendable, Equatable {
    /// The text in safe form (see ``DisplayWidth/safe(_:)``).
    public let text: String
    public let color: RGBColor?

    /// Display cells of ``text``, measured once.
    public let width: Int

    public init(_ text: String, color: RGBColor? = nil) {
        self.text = DisplayWidth.safe(text)
        self.color = color
        self.width = DisplayWidth.width(of: self.text)
    }
}
