import MenudProtocol

/// Recent removals (path and change counter), so a `since` query can report them.
///
/// Bounded: past `capacity` the oldest are forgotten, and `floor` remembers the newest counter
/// forgotten, so a `since` older than that is known to be incomplete. The paths are kept as
/// bytes in one array (no heap object per removal): after a directory of 100,000 files is
/// deleted, they cost their bytes plus 16 bytes each.
struct ReadinessTombstones {
    let capacity: Int
    /// Removal `i` (from `head`) is `bytes[starts[i] ..< starts[i + 1]]` (or `bytes.count`).
    private var bytes: [UInt8] = []
    private var starts: [UInt32] = []
    private var counters: [UInt64] = []
    private var head = 0
    /// Removals with a counter at or below this may have been forgotten.
    private(set) var floor: UInt64 = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { counters.count - head }

    /// Bytes held, unused capacity included.
    var allocatedBytes: Int { bytes.allocatedBytes + starts.allocatedBytes + counters.allocatedBytes }

    /// Records a removal; `counter` must be above every counter recorded before.
    mutating func record(_ path: RelativePath, counter: UInt64) {
        starts.append(UInt32(bytes.count))
        bytes.append(contentsOf: path.bytes)
        counters.append(counter)
        if count > capacity {
            floor = counters[head]
            head += 1
            if head >= 4096 && head * 2 >= counters.count {
                let firstByte = Int(starts[head])
                bytes.removeFirst(firstByte)
                starts.removeFirst(head)
                for index in starts.indices { starts[index] -= UInt32(firstByte) }
                counters.removeFirst(head)
                head = 0
            }
        }
    }

    /// Every path removed with a counter above `counter`, oldest first, or nil when some of them
    /// may have been forgotten.
    func removals(after counter: UInt64) -> [RelativePath]? {
        if counter < floor { return nil }
        var low = head
        var high = counters.count
        while low < high {
            let middle = (low + high) / 2
            if counters[middle] <= counter { low = middle + 1 } else { high = middle }
        }
        return (low..<counters.count).map { index in
            let end = index + 1 < starts.count ? Int(starts[index + 1]) : bytes.count
            return RelativePath(bytes: Array(bytes[Int(starts[index])..<end]))
        }
    }
}
