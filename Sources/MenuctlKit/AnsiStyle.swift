import MenuLayout

/// The look of a run of cells: colors and the attributes the menu uses.
public struct AnsiStyle: Sendable, Equatable {
    public var foreground: RGBColor?
    public var background: RGBColor?
    public var bold: Bool
    public var faint: Bool
    public var reverse: Bool

    public init(foreground: RGBColor? = nil, background: RGBColor? = nil, bold: Bool = false, faint: Bool = false, reverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.faint = faint
        self.reverse = reverse
    }

    public static let plain = AnsiStyle()

    /// The SGR parameters for this style in `mode`, always starting with `0` (reset) so a run
    /// never inherits attributes: e.g. `0;1;38;2;43;120;71`. Colors are left out in ``ColorMode/none``.
    public func parameters(in mode: ColorMode) -> String {
        var parts = ["0"]
        if bold { parts.append("1") }
        if faint { parts.append("2") }
        if reverse { parts.append("7") }
        if let foreground, let parameters = mode.foregroundParameters(foreground) { parts.append(parameters) }
        if let background, let parameters = mode.backgroundParameters(background) { parts.append(parameters) }
        return parts.joined(separator: ";")
    }

    /// The escape sequence selecting this style in `mode`.
    public func sequence(in mode: ColorMode) -> String {
        AnsiSequence.sgr(parameters(in: mode))
    }
}
