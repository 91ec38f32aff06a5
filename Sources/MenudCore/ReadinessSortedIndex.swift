/// The tracker's slots in path order, rebuilt lazily.
///
/// Additions are appended unsorted; removals only mark the index stale. The next reader sorts the
/// k additions and merges them with the n sorted slots, dropping removed ones: O(n + k log k).
/// So inserting n files one by one costs O(n log n) overall, and reading twice with nothing
/// changed in between sorts nothing. Slots are kept as `UInt32` (4 bytes a file).
struct ReadinessSortedIndex {
    private(set) var sortedSlots: [UInt32] = []
    private var additions: [UInt32] = []
    private(set) var isStale = false

    mutating func noteAddition(slot: Int) {
        additions.append(UInt32(slot))
        isStale = true
    }

    mutating func noteRemoval() {
        isStale = true
    }

    /// Brings `sortedSlots` up to date. Slots that are vacant are dropped, so a removed slot must
    /// not be reused for another path before this runs.
    mutating func rebuild(table: FileRecordTable) {
        guard isStale else { return }
        var added = additions.filter { table.isOccupied(Int($0)) }
        added.sort { table.pathPrecedes(Int($0), Int($1)) }
        var merged: [UInt32] = []
        merged.reserveCapacity(sortedSlots.count + added.count)
        var addedIndex = 0
        for slot in sortedSlots {
            guard table.isOccupied(Int(slot)) else { continue }
            while addedIndex < added.count, table.pathPrecedes(Int(added[addedIndex]), Int(slot)) {
                merged.append(added[addedIndex])
                addedIndex += 1
            }
            merged.append(slot)
        }
        merged.append(contentsOf: added[addedIndex...])
        sortedSlots = merged
        additions = []
        isStale = false
    }
}
