/// A table for the handful of keys a menu holds (its item ids, its shortcut keys): looked up by
/// a scan of an array while it is small, where hashing a `String` or a `Character` and growing
/// a dictionary cost more than the scan; with a dictionary past `scanLimit` entries, so that a
/// plugin's menu of thousands of items still costs linear time.
///
/// For the daemon's own checks (`package`): not part of the plugin API.
package struct FewKeyTable<Key: Hashable, Value> {
    @usableFromInline var entries: [(key: Key, value: Value)] = []
    @usableFromInline var index: [Key: Value]?

    @usableFromInline static var scanLimit: Int { 16 }

    @inlinable package init() {}

    @inlinable @inline(__always) package subscript(key: Key) -> Value? {
        if let index { return index[key] }
        for entry in entries where entry.key == key { return entry.value }
        return nil
    }

    /// Adds `key` with `value` unless it is there; returns the value it already had.
    // Specialized here for the daemon's tables in other modules, which do not inline it.
    @_specialize(exported: true, where Key == Character, Value == Int)
    @inlinable @inline(__always) package mutating func insertIfAbsent(_ key: Key, _ value: Value) -> Value? {
        if index != nil {
            if let old = index![key] { return old }
            index![key] = value
            return nil
        }
        if let old = self[key] { return old }
        if entries.count < Self.scanLimit {
            if entries.isEmpty { entries.reserveCapacity(8) }
            entries.append((key, value))
            return nil
        }
        var table = [Key: Value](minimumCapacity: entries.count * 2)
        for entry in entries { table[entry.key] = entry.value }
        table[key] = value
        entries = []
        index = table
        return nil
    }
}
