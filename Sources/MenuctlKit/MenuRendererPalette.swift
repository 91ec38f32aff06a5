import MenuLayout

/// The colors the renderer adds to those the rows carry.
public struct MenuRendererPalette: Sendable, Equatable {
    /// Title (and key) of a destructive row.
    public var destructive: RGBColor
    /// The mark drawn on a badge's color block.
    public var badgeMark: RGBColor
    /// Border lines and columns.
    public var border: AnsiStyle

    public init(
        destructive: RGBColor = RGBColor(red: 0xE5, green: 0x48, blue: 0x4D),
        badgeMark: RGBColor = RGBColor(red: 0xFF, green: 0xFF, blue: 0xFF),
        border: AnsiStyle = .plain
    ) {
        self.destructive = destructive
        self.badgeMark = badgeMark
        self.border = border
    }

    /// Destructive `#E5484D`, badge mark `#FFFFFF`, border in the terminal's own color.
    public static let standard = MenuRendererPalette()
}
