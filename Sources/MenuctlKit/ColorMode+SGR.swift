import MenuLayout

extension ColorMode {
    /// SGR parameters selecting `color` as the foreground (`38;2;r;g;b` or `38;5;n`), or `nil` in
    /// ``none`` mode.
    public func foregroundParameters(_ color: RGBColor) -> String? {
        parameters(color, selector: 38)
    }

    /// SGR parameters selecting `color` as the background (`48;2;r;g;b` or `48;5;n`), or `nil` in
    /// ``none`` mode.
    public func backgroundParameters(_ color: RGBColor) -> String? {
        parameters(color, selector: 48)
    }

    /// The complete escape sequence setting the foreground to `hex` (`#RRGGBB`), e.g.
    /// `ESC[38;2;43;120;71m`; `nil` in ``none`` mode or when `hex` is not `#RRGGBB`.
    public func foregroundSequence(hex: String) -> String? {
        guard let color = RGBColor(hex: hex), let parameters = foregroundParameters(color) else { return nil }
        return AnsiSequence.sgr(parameters)
    }

    /// The complete escape sequence setting the background to `hex` (`#RRGGBB`); `nil` in ``none``
    /// mode or when `hex` is not `#RRGGBB`.
    public func backgroundSequence(hex: String) -> String? {
        guard let color = RGBColor(hex: hex), let parameters = backgroundParameters(color) else { return nil }
        return AnsiSequence.sgr(parameters)
    }

    private func parameters(_ color: RGBColor, selector: Int) -> String? {
        switch self {
        case .trueColor: "\(selector);2;\(color.red);\(color.green);\(color.blue)"
        case .ansi256: "\(selector);5;\(Self.nearestXterm256(color))"
        case .none: nil
        }
    }

    /// The xterm 256-color index closest to `color`: the nearer (by squared RGB distance) of the
    /// closest 6×6×6 cube color (16–231, channel levels 0, 95, 135, 175, 215, 255) and the closest
    /// gray ramp color (232–255, levels 8, 18, ..., 238). The 16 system colors are never chosen:
    /// terminals let people redefine them.
    public static func nearestXterm256(_ color: RGBColor) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func cubeIndex(_ value: Int) -> Int {
            if value < 48 { return 0 }
            if value < 115 { return 1 }
            return (value - 35) / 40
        }
        let red = Int(color.red), green = Int(color.green), blue = Int(color.blue)
        let (cr, cg, cb) = (cubeIndex(red), cubeIndex(green), cubeIndex(blue))
        let cube = (levels[cr], levels[cg], levels[cb])

        let average = (red + green + blue) / 3
        let grayIndex = average > 238 ? 23 : max(average - 3, 0) / 10
        let grayLevel = 8 + 10 * grayIndex

        func distance(_ r: Int, _ g: Int, _ b: Int) -> Int {
            (r - red) * (r - red) + (g - green) * (g - green) + (b - blue) * (b - blue)
        }
        let cubeDistance = distance(cube.0, cube.1, cube.2)
        let grayDistance = distance(grayLevel, grayLevel, grayLevel)
        return grayDistance < cubeDistance ? 232 + grayIndex : 16 + 36 * cr + 6 * cg + cb
    }
}
