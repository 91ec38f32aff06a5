import MenuLayout

/// A run of text drawn in one style.
public struct AnsiSegment: Sendable, Equatable {
    /// The text in safe form (see `DisplayWidth.safe`).
    public let text: String
    public let style: AnsiStyle

    public init(_ text: String, style: AnsiStyle = .plain) {
        self.text = DisplayWidth.safe(text)
        self.style = style
    }

    public var width: Int { DisplayWidth.width(of: text) }

    /// `segments` as one string for the terminal: the style's SGR sequence whenever it changes
    /// (always before the first run), then a reset at the end.
    public static func encode(_ segments: [AnsiSegment], mode: ColorMode) -> String {
        var output = ""
        var current: String?
        for segment in segments where !segment.text.isEmpty {
            let parameters = segment.style.parameters(in: mode)
            if parameters != current {
                output += AnsiSequence.sgr(parameters)
                current = parameters
            }
            output += segment.text
        }
        return output + AnsiSequence.reset
    }

    /// `segments` cut to at most `cells` cells: whole segments while they fit, then the segment
    /// crossing the limit truncated with `…`, then nothing. The result is then padded with a run
    /// of spaces in `paddingStyle` to exactly `cells`.
    public static func fit(_ segments: [AnsiSegment], toCells cells: Int, paddingStyle: AnsiStyle = .plain) -> [AnsiSegment] {
        var result: [AnsiSegment] = []
        var used = 0
        for segment in segments {
            let width = segment.width
            if used + width <= cells {
                result.append(segment)
                used += width
                continue
            }
            let cut = DisplayWidth.truncate(segment.text, toCells: cells - used)
            if !cut.isEmpty {
                result.append(AnsiSegment(cut, style: segment.style))
                used += DisplayWidth.width(of: cut)
            }
            break
        }
        if used < cells { result.append(AnsiSegment(String(repeating: " ", count: cells - used), style: paddingStyle)) }
        return result
    }
}
