/// File sizes written exactly as Foundation's `ByteCountFormatter` writes them in its `.file`
/// count style (decimal units, default options, the formatter's built-in `en` number style),
/// without a formatter per call:
///
/// - `0` is `"Zero KB"`, `±1` is `"1 byte"`, other sizes below 1000 are `"N bytes"`;
/// - the unit is the largest of KB, MB, GB, TB, PB, EB (powers of 1000) not above the size;
/// - KB shows no decimals, MB one, GB and above two; trailing zeros are dropped (`"2 GB"`);
/// - rounding is half-to-even on the shortest decimal form of the quotient, as ICU does
///   (`1500` is `"2 KB"`, `2500` is `"2 KB"`, `5 365 000 000` is `"5.36 GB"`);
/// - thousands are grouped with `,` (`999 500` is `"1,000 KB"`).
///
/// Sizes below 10^15 bytes are computed with exact integer arithmetic; larger ones (and negative
/// sizes of a GB or more, where Foundation rounds differently) follow Foundation's `Double`
/// steps so the result matches it digit for digit.
public enum FileSizeText {
    private static let unitNames = ["KB", "MB", "GB", "TB", "PB", "EB"]
    private static let fractionDigits = [0, 1, 2, 2, 2, 2]
    private static let exactLimit: UInt64 = 1_000_000_000_000_000

    public static func format(_ bytes: Int64) -> String {
        if bytes == 0 { return "Zero KB" }
        if bytes == 1 || bytes == -1 { return String(bytes) + " byte" }
        let magnitude = bytes.magnitude
        if magnitude < 1000 { return String(bytes) + " bytes" }

        // Foundation picks the unit by comparing Double values: do the same, so sizes just
        // below 10^18 that round up to 1e18 as a Double land in EB as they do there.
        let asDouble = Double(bytes).magnitude
        var unit = 0
        var unitSize = 1000.0
        while unit < unitNames.count - 1 && asDouble >= unitSize * 1000 {
            unitSize *= 1000
            unit += 1
        }
        let digits = fractionDigits[unit]
        let negative = bytes < 0

        let scaled: UInt64
        if magnitude < exactLimit && !(negative && digits == 2) {
            scaled = roundedExactly(magnitude, unitSize: UInt64(unitSize), fractionDigits: digits)
        } else {
            var value = Double(bytes) / unitSize
            if negative && digits == 2 {
                value = (value * 100).rounded() / 100
            }
            scaled = roundedShortestDecimal(value.magnitude, fractionDigits: digits)
        }
        return (negative ? "-" : "") + decimalText(scaled, fractionDigits: digits) + " " + unitNames[unit]
    }

    /// `magnitude / unitSize` rounded half-to-even to `fractionDigits` decimals, returned as an
    /// integer count of 10^-fractionDigits.
    private static func roundedExactly(_ magnitude: UInt64, unitSize: UInt64, fractionDigits: Int) -> UInt64 {
        var scale: UInt64 = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        let numerator = magnitude * scale
        var quotient = numerator / unitSize
        let twiceRemainder = (numerator % unitSize) * 2
        if twiceRemainder > unitSize || (twiceRemainder == unitSize && quotient % 2 == 1) {
            quotient += 1
        }
        return quotient
    }

    /// Rounds the shortest decimal text that reads back as `value` (what ICU formats from)
    /// half-to-even to `fractionDigits` decimals, as an integer count of 10^-fractionDigits.
    /// `value` is below 10 000 here, so Swift writes it in plain `123.456` form.
    private static func roundedShortestDecimal(_ value: Double, fractionDigits: Int) -> UInt64 {
        let text = Array("\(value)".utf8)
        let dot = text.firstIndex(of: UInt8(ascii: ".")) ?? text.endIndex
        var result: UInt64 = 0
        for byte in text[..<dot] {
            result = result * 10 + UInt64(byte - UInt8(ascii: "0"))
        }
        let fraction = dot < text.endIndex ? Array(text[(dot + 1)...]) : []
        for position in 0..<fractionDigits {
            let digit = position < fraction.count ? UInt64(fraction[position] - UInt8(ascii: "0")) : 0
            result = result * 10 + digit
        }
        if fraction.count > fractionDigits {
            let rest = fraction[fractionDigits...]
            let first = rest.first! - UInt8(ascii: "0")
            let restIsExactlyHalf = first == 5 && rest.dropFirst().allSatisfy { $0 == UInt8(ascii: "0") }
            if first > 5 || (first == 5 && !restIsExactlyHalf) || (restIsExactlyHalf && result % 2 == 1) {
                result += 1
            }
        }
        return result
    }

    /// `scaled / 10^fractionDigits` with `,` thousands grouping and no trailing fraction zeros.
    private static func decimalText(_ scaled: UInt64, fractionDigits: Int) -> String {
        var scale: UInt64 = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        let whole = scaled / scale
        var fraction = scaled % scale
        var fractionWidth = fractionDigits
        while fractionWidth > 0 && fraction % 10 == 0 && fraction != 0 {
            fraction /= 10
            fractionWidth -= 1
        }
        var text = groupedThousands(whole)
        if fraction != 0 {
            var fractionText = String(fraction)
            while fractionText.utf8.count < fractionWidth { fractionText = "0" + fractionText }
            text += "." + fractionText
        }
        return text
    }

    /// `value` in decimal with `,` between groups of three digits: `"2,097,155"`, `"-1,000"`.
    public static func groupedDigits(_ value: Int64) -> String {
        (value < 0 ? "-" : "") + groupedThousands(value.magnitude)
    }

    private static func groupedThousands(_ value: UInt64) -> String {
        let plain = String(value)
        guard plain.utf8.count > 3 else { return plain }
        var grouped = ""
        let digits = Array(plain)
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return grouped
    }
}
