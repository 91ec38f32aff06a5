/// Where a page of a folder's files ended, in the bytewise order of their paths: the next page
/// starts there. Opaque: take it from ``TargetFilePage/next``; the runtime makes it.
public struct TargetFilePosition: Sendable, Hashable {
    /// A path's exact bytes, relative to the root.
    package let key: [UInt8]
    /// Whether the path at `key` itself is still to come.
    package let inclusive: Bool

    package init(key: [UInt8], inclusive: Bool) {
        self.key = key
        self.inclusive = inclusive
    }

    /// Whether a file at `pathBytes` lies at or after this position.
    package func admits(_ pathBytes: [UInt8]) -> Bool {
        inclusive ? !pathBytes.lexicographicallyPrecedes(key) : key.lexicographicallyPrecedes(pathBytes)
    }
}
