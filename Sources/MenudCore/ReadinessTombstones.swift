/// Recent removals (path and change counter), so a `since` query can report them.
///
/// Bounded: past `capacity` the oldest are forgotten, and `floor` remembers the newest counter
/// forgotten, so a `since` older than that is known to be incomplete.
struct ReadinessTombstones {
    let capacity: Int
    private var paths: [RelativePath] = []
    private var counters: [UInt64] = []
    private var head = 0
    /// Removals with a counter at or below this may have been forgotten.
    private(set) var floor: UInt64 = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { counters.count - head }

    /// Records a removal; `counter` must be above every counter recorded before.
    mutating func record(_ path: RelativePath, counter: UInt64) {
        paths.append(path)
        counters.append(counter)
        if count > capacity {
            floor = counters[head]
            head += 1
            if head >= 4096 && head * 2 >= counters.count {
                paths.removeFirst(head)
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
        return Array(paths[low...])
    }
}
