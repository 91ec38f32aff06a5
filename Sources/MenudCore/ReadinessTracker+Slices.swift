import MenudProtocol

/// Reading the tracker in slices, for work spread over several loop turns.
extension ReadinessTracker {
    /// At most `maxCount` of the tracked paths strictly inside `directory` (every path for the
    /// root), the first in bytewise order that come after `after` (from the start when nil).
    /// Call again with the last path returned until fewer than `maxCount` come back: a subtree
    /// of any size is walked in slices of O(log n + maxCount). Paths added or removed between
    /// calls are seen or not according to where they fall, never twice.
    public func paths(under directory: RelativePath, after: RelativePath?, maxCount: Int) -> [RelativePath] {
        slots(under: directory, after: after?.bytes, maxCount: maxCount).map { table.path(of: $0) }
    }

    /// The slots of `paths(under:after:maxCount:)`, with `after` as bytes.
    func slots(under directory: RelativePath, after: [UInt8]?, maxCount: Int) -> [Int] {
        guard maxCount > 0 else { return [] }
        tree.flush(table: table)
        let table = self.table
        let tree = self.tree
        let prefix = directory.isRoot ? [] : directory.bytes + [RelativePath.separator]
        // Paths hold no NUL byte: the first one after `after` is the first at or after "after\0".
        var key = prefix
        if let after {
            let next = after + [0]
            if prefix.lexicographicallyPrecedes(next) { key = next }
        }
        let start = tree.lowerBound { table.comparePath($0, key) < 0 }
        var slots: [Int] = []
        tree.forEachSlot(from: start) { slot in
            guard table.path(of: slot, startsWith: prefix) else { return false }
            slots.append(slot)
            return slots.count < maxCount
        }
        return slots
    }
}
