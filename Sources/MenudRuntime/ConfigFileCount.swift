/// How many selected files a command accepts: `1` (exactly one), `"1+"` (one or more),
/// `"2..5"` (two to five, inclusive). The default is exactly one.
public struct ConfigFileCount: Sendable, Equatable, CustomStringConvertible {
    public var minimum: Int
    /// nil: no upper bound.
    public var maximum: Int?

    public static let one = ConfigFileCount(minimum: 1, maximum: 1)

    public init(minimum: Int, maximum: Int?) {
        self.minimum = minimum
        self.maximum = maximum
    }

    public func accepts(_ count: Int) -> Bool {
        count >= minimum && count <= (maximum ?? Int.max)
    }

    /// Reads `"3"`, `"1+"` or `"2..5"`; nil when `text` is none of these or the bounds are
    /// below 1 or reversed.
    public init?(parsing text: String) {
        if text.hasSuffix("+"), let minimum = Int(text.dropLast()), minimum >= 1 {
            self.init(minimum: minimum, maximum: nil)
        } else if let range = text.range(of: ".."),
                  let minimum = Int(text[..<range.lowerBound]), let maximum = Int(text[range.upperBound...]),
                  minimum >= 1, maximum >= minimum {
            self.init(minimum: minimum, maximum: maximum)
        } else if let exact = Int(text), exact >= 1 {
            self.init(minimum: exact, maximum: exact)
        } else {
            return nil
        }
    }

    public var description: String {
        guard let maximum else { return "\(minimum)+" }
        return maximum == minimum ? "\(minimum)" : "\(minimum)..\(maximum)"
    }
}
