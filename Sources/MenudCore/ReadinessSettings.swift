/// The rules that decide when a file is ready and when it expires.
public struct ReadinessSettings: Equatable, Hashable, Sendable {
    /// How long a file must stay unchanged before it is ready (milliseconds, zero or more).
    public var settleMs: Int64
    /// How long a file stays ready before it expires; nil means never.
    public var expireAfterMs: Int64?
    /// Name endings that mark a download in progress: such a file stays pending whatever its
    /// age, until it is renamed. Compared without regard to ASCII case.
    public var partialSuffixes: [String]

    public static let defaultPartialSuffixes = [".part", ".crdownload", ".download", ".tmp"]

    public init(settleMs: Int64 = 2000, expireAfterMs: Int64? = nil, partialSuffixes: [String] = ReadinessSettings.defaultPartialSuffixes) {
        self.settleMs = settleMs
        self.expireAfterMs = expireAfterMs
        self.partialSuffixes = partialSuffixes
    }
}
