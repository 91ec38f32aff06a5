/// How many terminal cells a piece of text takes, and how to show any text safely.
///
/// Rules, chosen so that `menud` (which computes layouts) and `menuctl` (which draws them) agree
/// exactly; both run this code, so the answer never depends on the machine's locale or C library:
///
/// - **Safe form.** Text is always shown through ``safe(_:)``: C0 controls, DEL, C1 controls, the
///   line and paragraph separators and the bidirectional overrides/isolates are replaced with
///   visible ASCII escapes (`\n`, `\r`, `\t`, `\x1B`, `\x85`, `\u202E`, ...). A file name holding a
///   newline or an escape sequence therefore can never move the cursor or recolor the screen, and
///   its escapes are counted as the ASCII cells they are.
/// - **Per scalar.** 0 cells for nonspacing and enclosing marks (`Mn`, `Me`), format characters
///   (`Cf`: zero-width space, joiners, ...) except the soft hyphen (1), and Hangul medial/final
///   jamo; 2 cells for East Asian Wide/Fullwidth code points (``wideRanges``) and for scalars with
///   emoji presentation; 1 cell for everything else, including East Asian *Ambiguous* characters
///   (box drawing, `…`, `●`), as a terminal in a non-CJK locale shows them.
/// - **Per grapheme cluster** (a Swift `Character`, what a person sees as one symbol): the widest
///   of its scalars, at most 2; a cluster whose first scalar is an emoji and that holds the emoji
///   variation selector U+FE0F is 2 (`☺️`, keycaps like `1️⃣`). So `e` + U+0301 is 1 cell, a ZWJ
///   family emoji is 2, a flag (two regional indicators) is 2.
/// - A string's width is the sum of its clusters' widths in safe form.
public enum DisplayWidth {
    /// The mark appended by ``truncate(_:toCells:)``: one cell.
    public static let ellipsis: Character = "…"

    /// Cells taken by one Unicode scalar on its own (0, 1 or 2). Control characters return 0 here;
    /// they are never printed raw (see ``safe(_:)``).
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        if value < 0x7F { return 1 }
        if value == 0xAD { return 1 }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            break
        }
        if isInWideRanges(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// Cells taken by one grapheme cluster as shown (in safe form).
    public static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.contains(where: needsEscaping) {
            return width(of: safe(String(character)))
        }
        var widest = 0
        var isEmojiSequence = false
        for (index, scalar) in scalars.enumerated() {
            if index == 0 { isEmojiSequence = scalar.properties.isEmoji }
            if scalar.value == 0xFE0F && isEmojiSequence { return 2 }
            widest = max(widest, width(of: scalar))
        }
        return min(widest, 2)
    }

    /// Cells taken by `string` as shown (in safe form).
    public static func width(of string: String) -> Int {
        if string.unicodeScalars.contains(where: needsEscaping) {
            return width(of: safe(string))
        }
        var total = 0
        for character in string { total += width(of: character) }
        return total
    }

    /// Whether ``safe(_:)`` replaces this scalar with a visible escape.
    public static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029: return true  // line and paragraph separators
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // bidi controls
        default: return false
        }
    }

    /// `string` with every scalar that could act on the terminal replaced by a visible ASCII escape:
    /// `\t`, `\n`, `\r` for those three, `\xHH` for other C0 controls, DEL and C1 controls, and
    /// `\uHHHH` for the line/paragraph separators and bidirectional controls. The result contains
    /// no such scalar, so `safe(safe(s)) == safe(s)`.
    public static func safe(_ string: String) -> String {
        guard string.unicodeScalars.contains(where: needsEscaping) else { return string }
        var result = String.UnicodeScalarView()
        for scalar in string.unicodeScalars {
            guard needsEscaping(scalar) else {
                result.append(scalar)
                continue
            }
            let escape: String
            switch scalar.value {
            case 0x09: escape = "\\t"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x00...0xFF: escape = "\\x" + hex(scalar.value, digits: 2)
            default: escape = "\\u" + hex(scalar.value, digits: 4)
            }
            result.append(contentsOf: escape.unicodeScalars)
        }
        return String(result)
    }

    /// `string` in safe form, cut to at most `cells` cells. When it does not fit, whole grapheme
    /// clusters are kept while they fit in `cells - 1` cells and `…` is appended, so the result may
    /// be one cell narrower than `cells` when a wide character did not fit. Never splits a cluster
    /// or a wide character. `cells <= 0` gives the empty string.
    public static func truncate(_ string: String, toCells cells: Int) -> String {
        let shown = safe(string)
        if width(of: shown) <= cells { return shown }
        if cells <= 0 { return "" }
        var kept = ""
        var used = 0
        for character in shown {
            let cellsOfCharacter = width(of: character)
            if used + cellsOfCharacter > cells - 1 { break }
            kept.append(character)
            used += cellsOfCharacter
        }
        kept.append(ellipsis)
        return kept
    }

    /// `string` in safe form, truncated to `cells` (see ``truncate(_:toCells:)``) and padded with
    /// spaces on the side away from `alignment` so that it takes exactly `cells` cells.
    public static func fit(_ string: String, toCells cells: Int, alignment: TextAlignment = .leading) -> String {
        guard cells > 0 else { return "" }
        let cut = truncate(string, toCells: cells)
        let padding = String(repeating: " ", count: cells - width(of: cut))
        switch alignment {
        case .leading: return cut + padding
        case .trailing: return padding + cut
        }
    }

    static func isInWideRanges(_ value: UInt32) -> Bool {
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
