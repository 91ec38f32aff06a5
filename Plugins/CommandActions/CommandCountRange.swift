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

    /// Whether `count` files fit.
    public func contains(_ count: Int) -> Bool {
        count >= min && (max.map { count <= $0 } ?? true)
    }
}
