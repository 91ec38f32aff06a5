/// Where a page of files (`ReadinessTracker.page`) stopped: the next page starts just after
/// `key`, or at `key` itself when `inclusive` (a place the walk skipped to but has not looked at).
///
/// A position names a place in the bytewise path order, not a file: files created or removed
/// between pages never make a later page repeat or skip a file that stayed.
public struct FilePagePosition: Hashable, Sendable {
    /// A path's bytes, relative to the root.
    public let key: [UInt8]
    /// Whether `key` itself is still to be looked at.
    public let inclusive: Bool

    public init(key: [UInt8], inclusive: Bool) {
        self.key = key
        self.inclusive = inclusive
    }

    /// Whether a file at `path` lies at or after this position.
    public func admits(_ path: [UInt8]) -> Bool {
        inclusive ? !path.lexicographicallyPrecedes(key) : key.lexicographicallyPrecedes(path)
    }
}
