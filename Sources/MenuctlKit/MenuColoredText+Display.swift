import MenuLayout
import MenudProtocol

extension MenuColoredText {
    /// The text as drawn; without a color (the renderer's own) when it has none.
    public var coloredText: ColoredText {
        ColoredText(text, color: color.flatMap(RGBColor.init(hex:)))
    }
}
