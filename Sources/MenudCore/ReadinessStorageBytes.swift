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
            let hundredths = (Double(value - baseValue) * 100 / Double(max(1, files))).rounded()
            return "\(hundredths / 100)"
        }
        return "records \(share(records, base.records)), names \(share(names, base.names)), "
            + "directories \(share(directories, base.directories)), path index \(share(pathIndex, base.pathIndex)), "
            + "path tree \(share(pathTree, base.pathTree)), leaf of slot \(share(leafOfSlot, base.leafOfSlot)), "
            + "deadlines \(share(deadlines, base.deadlines)), tombstones \(share(tombstones, base.tombstones)), "
            + "free slots \(share(freeSlots, base.freeSlots)): total \(share(total, base.total)) bytes a file"
    }
}
