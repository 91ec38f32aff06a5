/// How much memory the tracker's storage holds.
extension ReadinessTracker {
    /// The bytes the tracker's storage holds now.
    var storageBytes: ReadinessStorageBytes {
        let tableParts = table.allocatedBytes
        let treeParts = tree.allocatedBytes
        return ReadinessStorageBytes(
            records: tableParts.records, names: tableParts.names, directories: tableParts.prefixes,
            pathIndex: tableParts.pathIndex, pathTree: treeParts.leaves, leafOfSlot: treeParts.leafOf,
            deadlines: deadlines.allocatedBytes, tombstones: tombstones.allocatedBytes, freeSlots: freeSlots.allocatedBytes)
    }
}
