/// Durations written for people: `"300ms"`, `"2s"`, `"1.5s"`, `"10m"`, `"1h"`, `"7d"`.
///
/// Parsing accepts a non-negative decimal number, optional spaces, and one unit: `ms`, `s`,
/// `m` or `min` (minutes), `h`, `d`. A fraction is allowed as long as the result is a whole number
/// of milliseconds (`"1.5s"` is 1500, `"0.5ms"` is refused). Formatting writes the largest unit
/// that fits, with one decimal below 10 when it is not whole (`"120 ms"`, `"1.5 s"`, `"2 s"`,
/// `"10 min"`, `"7 d"`), always rounding down, so `"unchanged for 1.9 s"` is never an overstatement.
/// `format` output parses back (`"1.5 min"` -> 90 000).
public enum DurationText {
    /// The units, largest first, with their length in milliseconds and the name `format` writes.
    static let formatUnits: [(ms: Int64, name: String)] = [
        (86_400_000, "d"), (3_600_000, "h"), (60_000, "min"), (1_000, "s"),
    ]

    /// Every unit `parse` accepts.
    static let parseUnits: [String: Int64] = [
        "ms": 1, "s": 1_000, "m": 60_000, "min": 60_000, "h": 3_600_000, "d": 86_400_000,
    ]

    static let allowedUnitsText = "ms, s, m (or min), h, d"

    /// Parses `text` into milliseconds.
    public static func parse(_ text: String) throws(DurationTextError) -> Int64 {
        let trimmed = trimmingSpaces(text)
        if trimmed.isEmpty {
            throw DurationTextError(text: text, problem: "is empty; write a number and a unit (\(allowedUnitsText)), e.g. \"2s\"")
        }
        let scalars = Array(trimmed.utf8)
        var index = 0
        if scalars[0] == UInt8(ascii: "-") {
            throw DurationTextError(text: text, problem: "is negative; durations must be zero or more, e.g. \"2s\"")
        }
        if scalars[0] == UInt8(ascii: "+") { index += 1 }

        var wholeDigits: [UInt8] = []
        var fractionDigits: [UInt8] = []
        while index < scalars.count, isDigit(scalars[index]) {
            wholeDigits.append(scalars[index] - UInt8(ascii: "0"))
            index += 1
        }
        if index < scalars.count, scalars[index] == UInt8(ascii: ".") {
            index += 1
            while index < scalars.count, isDigit(scalars[index]) {
                fractionDigits.append(scalars[index] - UInt8(ascii: "0"))
                index += 1
            }
        }
        if wholeDigits.isEmpty && fractionDigits.isEmpty {
            throw DurationTextError(text: text, problem: "does not start with a number; write a number and a unit (\(allowedUnitsText)), e.g. \"2s\"")
        }
        while index < scalars.count, scalars[index] == UInt8(ascii: " ") { index += 1 }
        let unitText = String(decoding: scalars[index...], as: UTF8.self)
        if unitText.isEmpty {
            throw DurationTextError(text: text, problem: "has no unit; add one of \(allowedUnitsText), e.g. \"\(trimmed)s\"")
        }
        guard let unitMs = parseUnits[unitText] else {
            throw DurationTextError(text: text, problem: "has the unknown unit \"\(unitText)\"; allowed units: \(allowedUnitsText)")
        }

        let tooLarge = DurationTextError(text: text, problem: "is too large; the longest duration is about 290 million years")
        var total: Int64 = 0
        for digit in wholeDigits {
            let (times10, overflow1) = total.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(digit))
            if overflow1 || overflow2 { throw tooLarge }
            total = sum
        }
        let (wholeMs, overflow) = total.multipliedReportingOverflow(by: unitMs)
        if overflow { throw tooLarge }

        // The fraction times the unit must come out whole: digits * unitMs / 10^k with no remainder.
        var numerator: Int64 = 0
        var denominator: Int64 = 1
        for digit in fractionDigits {
            if denominator > Int64.max / 100 {
                if digit == 0 { continue }
                throw DurationTextError(text: text, problem: "has more decimals than a millisecond can hold")
            }
            numerator = numerator * 10 + Int64(digit)
            denominator *= 10
        }
        let (fractionUnits, overflow3) = numerator.multipliedReportingOverflow(by: unitMs)
        if overflow3 { throw tooLarge }
        if fractionUnits % denominator != 0 {
            throw DurationTextError(text: text, problem: "is not a whole number of milliseconds; use fewer decimals or a smaller unit, e.g. \"1500ms\"")
        }
        let (result, overflow4) = wholeMs.addingReportingOverflow(fractionUnits / denominator)
        if overflow4 { throw tooLarge }
        return result
    }

    /// Writes `ms` for a person: `"120 ms"`, `"1.5 s"`, `"2 s"`, `"10 min"`, `"7 d"`.
    public static func format(_ ms: Int64) -> String {
        if ms < 0 {
            return "-" + formatMagnitude(ms.magnitude)
        }
        return formatMagnitude(UInt64(ms))
    }

    private static func formatMagnitude(_ ms: UInt64) -> String {
        for unit in formatUnits {
            let unitMs = UInt64(unit.ms)
            guard ms >= unitMs else { continue }
            let whole = ms / unitMs
            if whole < 10 && ms % unitMs != 0 {
                let tenths = (ms % unitMs) * 10 / unitMs
                if tenths != 0 {
                    return "\(whole).\(tenths) \(unit.name)"
                }
            }
            return "\(whole) \(unit.name)"
        }
        return "\(ms) ms"
    }

    private static func trimmingSpaces(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = text.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = text.lastIndex(where: { !isSpace($0) })!
        return String(text[first...last])
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
