import MenudText

/// How many files a `{paths}` command accepts.
public struct CommandCountRange: Sendable, Hashable {
    /// At least this many (1 or more).
    public let min: Int
    /// At most this many, or no limit.
    public let max: Int?

    /// A range from `min` to `max` (no upper limit when `nil`).
    public init(min: Int, max: Int?) {
        self.min = min
        self.max = max
    }

    /// The text forms of `match.count`: `"3"` (exactly three), `"1+"` (one or more), `"2..5"`
    /// (two to five). Nil for anything else, for a bound below 1, and for a range whose end
    /// comes before its start.
    public init?(text: String) {
        let trimmed = text.trimmingWhitespace()
        let low: Int
        let high: Int?
        if trimmed.hasSuffix("+") {
            guard let value = CommandCountRange.bound(trimmed.dropLast()) else { return nil }
            low = value
            high = nil
        } else if let dot = trimmed.firstIndex(of: "."), trimmed[trimmed.index(after: dot)...].hasPrefix(".") {
            let afterDots = trimmed.index(dot, offsetBy: 2)
            guard let first = CommandCountRange.bound(trimmed[..<dot]),
                  let last = CommandCountRange.bound(trimmed[afterDots...]), last >= first else { return nil }
            low = first
            high = last
        } else {
            guard let value = CommandCountRange.bound(trimmed[...]) else { return nil }
            low = value
            high = value
        }
        self.init(min: low, max: high)
    }

    /// The forms `match.count` takes, for error messages.
    public static let forms = "a number such as 1, \"1+\" (one or more), \"2..5\" (two to five), or {min, max}"

    /// Whether `count` files fit.
    public func contains(_ count: Int) -> Bool {
        count >= min && (max.map { count <= $0 } ?? true)
    }

    private static func bound(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber), let value = Int(text), value >= 1 else { return nil }
        return value
    }
}
