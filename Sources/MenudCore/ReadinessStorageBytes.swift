/// What the tracker's storage holds, by part, in bytes (array capacities, not counts: what
/// the process has allocated for it). For memory measurements and tests.
struct ReadinessStorageBytes: Equatable, CustomStringConvertible {
    var records = 0
    var names = 0
    var directories = 0
    var pathIndex = 0
    var pathTree = 0
    var leafOfSlot = 0
    var deadlines = 0
    var tombstones = 0
    var freeSlots = 0

    var total: Int {
        records + names + directories + pathIndex + pathTree + leafOfSlot + deadlines + tombstones + freeSlots
    }

    var description: String {
        "records \(records), names \(names), directories \(directories), path index \(pathIndex), path tree \(pathTree), "
            + "leaf of slot \(leafOfSlot), deadlines \(deadlines), tombstones \(tombstones), free slots \(freeSlots): total \(total)"
    }

    /// Each part divided by `files`, in bytes a file.
    func perFile(_ files: Int, beyond base: ReadinessStorageBytes) -> String {
        func share(_ value: Int, _ baseValue: Int) -> String {
            String(Double(value - baseValue) / Double(max(1, files)), precision: 2)
        }
        return "records \(share(records, base.records)), names \(share(names, base.names)), "
            + "directories \(share(directories, base.directories)), path index \(share(pathIndex, base.pathIndex)), "
            + "path tree \(share(pathTree, base.pathTree)), leaf of slot \(share(leafOfSlot, base.leafOfSlot)), "
            + "deadlines \(share(deadlines, base.deadlines)), tombstones \(share(tombstones, base.tombstones)), "
            + "free slots \(share(freeSlots, base.freeSlots)): total \(share(total, base.total)) bytes a file"
    }
}

extension String {
    /// `value` with `precision` digits after the point.
    fileprivate init(_ value: Double, precision: Int) {
        var scale = 1.0
        for _ in 0..<precision { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        self = "\(rounded)"
    }
}

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
