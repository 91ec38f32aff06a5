import MenuLayout
import MenudCore
import MenudProtocol

/// The file list of `ls` and `watch`: one line per file, in aligned columns.
///
/// ```
///  ✓  videos/intro.mp4   ready     2.4 MB
///  ●  upload.part        pending  512 KB
///  ✕  report-2024.pdf    expired  12 bytes
/// ```
///
/// - the badge: the state's mark in white bold on the state's color, a 3-cell block
///   (``BadgeKind``: ready `#2B7847`, pending `#8C2424`, expired `#9A6700`); without colors the
///   mark alone, between spaces;
/// - the path, padded to the widest path in display cells (wide characters count 2; names are
///   shown in safe form, so control characters appear as `\n`, `\x1B`...);
/// - the state word in its color, padded to the widest state;
/// - the size text, right-aligned to the widest size.
///
/// With `maxWidth` (the terminal's width), paths are cut with `…` so that every line fits, but never
/// below 8 cells.
public struct FileTable: Sendable {
    public let colorMode: ColorMode
    public let maxWidth: Int?

    public init(colorMode: ColorMode, maxWidth: Int? = nil) {
        self.colorMode = colorMode
        self.maxWidth = maxWidth
    }

    /// Cells between columns.
    static let gap = 2
    /// The narrowest path column when lines are cut to `maxWidth`.
    static let minimumPathWidth = 8

    /// The lines for `files`, in the order given, without line ends.
    public func lines(_ files: [FileSnapshot]) -> [String] {
        guard !files.isEmpty else { return [] }
        let paths = files.map { DisplayWidth.safe($0.path.displayString) }
        let stateWidth = files.map { $0.state.rawValue.count }.max() ?? 0
        let sizeWidth = files.map { DisplayWidth.width(of: $0.sizeText) }.max() ?? 0
        var pathWidth = paths.map { DisplayWidth.width(of: $0) }.max() ?? 0
        if let maxWidth {
            let fixed = MenuMetrics.badgeCells + 1 + Self.gap + stateWidth + Self.gap + sizeWidth
            pathWidth = max(min(pathWidth, maxWidth - fixed), Self.minimumPathWidth)
        }
        return zip(files, paths).map { file, path in
            let kind = BadgeKind(state: file.state)
            let segments = [
                badge(kind),
                AnsiSegment(" "),
                AnsiSegment(DisplayWidth.fit(path, toCells: pathWidth)),
                AnsiSegment(String(repeating: " ", count: Self.gap)),
                AnsiSegment(DisplayWidth.fit(file.state.rawValue, toCells: stateWidth), style: AnsiStyle(foreground: kind.defaultColor)),
                AnsiSegment(String(repeating: " ", count: Self.gap)),
                AnsiSegment(DisplayWidth.fit(file.sizeText, toCells: sizeWidth, alignment: .trailing)),
            ]
            return line(segments)
        }
    }

    /// The badge block of `kind`.
    func badge(_ kind: BadgeKind) -> AnsiSegment {
        let text = " \(kind.mark) "
        guard colorMode != .none else { return AnsiSegment(text) }
        return AnsiSegment(text, style: AnsiStyle(foreground: MenuRendererPalette.standard.badgeMark, background: kind.defaultColor, bold: true))
    }

    /// `segments` for the terminal; plain text (no escape at all) without colors.
    func line(_ segments: [AnsiSegment]) -> String {
        guard colorMode != .none else { return segments.map(\.text).joined() }
        return AnsiSegment.encode(segments, mode: colorMode)
    }
}
