import MenudProtocol

/// The tracked files in bytewise path order, kept up to date on every change: a B+tree of
/// slots whose nodes count the files under them, so `files.list` pages, filters and looks up
/// without visiting what it does not return.
///
/// - Nodes hold up to `fanout` items in one flat array: a leaf's items are slots (with the
///   file's state in the top two bits, so a state filter reads no record), an inner node's
///   items are its children. Every node knows its parent, the files under it (`totals`), how
///   many are in each state (`stateTotals`), an upper bound of their change counters
///   (`maxCounters`) and the first slot under it (`firstSlots`, the separator a descent
///   compares with). `leafOf` gives the leaf of each slot, so a state change, a new change
///   counter or a removal finds its entry without comparing paths.
/// - Offsets: O(fanout * height) through `totals` (or `stateTotals` under a state filter).
///   `since`: a descent skips every subtree whose `maxCounters` is at or below the clock, so it
///   costs the leaves that changed. Removals leave `maxCounters` too high (never too low); a
///   scan that finds a leaf lower than its bound tightens it.
/// - Inserts come in runs (a crawl lists a directory at a time): `insertLater` collects the new
///   slots of one directory, and `flush` sorts them by name and inserts them one after the
///   other at a finger, comparing each with the entry after the run only. A run splits a full
///   leaf where it goes in, and past a full leaf's end starts a new one, so a crawl leaves
///   full leaves (a single insert splits a leaf in half).
/// - Removals merge a node that falls below a quarter full into a neighbour when both fit in
///   three quarters of a node; emptied nodes are reused. Nothing grows with files that are
///   gone.
///
/// Memory: a slot costs 4 bytes in a leaf and 4 in `leafOf`; a node costs 4 * fanout + 37.
struct ReadinessPathTree {
    /// Items per node: 128 (a leaf of 512 bytes); tests use small ones for deep trees.
    let fanout: Int
    /// `leafOf` for a slot not in the tree.
    static let absent = UInt32.max
    /// `leafOf` for a slot waiting in `pending`.
    static let waiting = UInt32.max - 1
    static let noParent = UInt32.max

    /// `fanout` items per node.
    private(set) var items: [UInt32] = []
    private(set) var itemCounts: [UInt32] = []
    /// 0 for a leaf, 1 for its parent, and so on.
    private(set) var levels: [UInt8] = []
    private(set) var parents: [UInt32] = []
    private(set) var totals: [UInt32] = []
    /// Three per node, by `stateCode`.
    private(set) var stateTotals: [UInt32] = []
    private(set) var maxCounters: [UInt64] = []
    private(set) var firstSlots: [UInt32] = []
    private var freeNodes: [UInt32] = []
    private(set) var root = 0

    /// The leaf of each slot, `absent` or `waiting`.
    private(set) var leafOf = ChunkedArray<UInt32>()
    /// Slots of one directory to insert, in no order (`insertLater`).
    private(set) var pending: [UInt32] = []
    var pendingDirectory = -1

    init(fanout: Int = 128) {
        precondition(fanout >= 4, "a node needs room for 4 items")
        self.fanout = fanout
        root = allocateNode(level: 0)
    }

    /// Files in the tree (those still `pending` not included).
    var count: Int { Int(totals[root]) }

    var height: Int { Int(levels[root]) }

    // MARK: - Entries

    static func stateCode(_ state: FileState) -> Int {
        switch state {
        case .pending: 0
        case .ready: 1
        case .expired: 2
        }
    }

    static func entry(slot: Int, state: FileState) -> UInt32 {
        UInt32(slot) | UInt32(stateCode(state)) << 30
    }

    static func slot(ofEntry entry: UInt32) -> Int { Int(entry & 0x3FFF_FFFF) }

    static func stateCode(ofEntry entry: UInt32) -> Int { Int(entry >> 30) }

    /// The largest slot an entry can hold.
    static let largestSlot = 0x3FFF_FFFF

    func item(_ node: Int, _ index: Int) -> UInt32 {
        items[node * fanout + index]
    }

    func itemCount(_ node: Int) -> Int { Int(itemCounts[node]) }

    func isLeaf(_ node: Int) -> Bool { levels[node] == 0 }

    func parent(_ node: Int) -> Int? {
        let parent = parents[node]
        return parent == ReadinessPathTree.noParent ? nil : Int(parent)
    }

    func leaf(ofSlot slot: Int) -> UInt32 {
        slot < leafOf.count ? leafOf[slot] : ReadinessPathTree.absent
    }

    // MARK: - Nodes

    mutating func allocateNode(level: Int) -> Int {
        if let free = freeNodes.popLast() {
            let node = Int(free)
            levels[node] = UInt8(level)
            resetNode(node)
            return node
        }
        let node = itemCounts.count
        items.reserveModestly(fanout)
        items.append(contentsOf: repeatElement(0, count: fanout))
        itemCounts.reserveModestly(1)
        itemCounts.append(0)
        levels.reserveModestly(1)
        levels.append(UInt8(level))
        parents.reserveModestly(1)
        parents.append(ReadinessPathTree.noParent)
        totals.reserveModestly(1)
        totals.append(0)
        stateTotals.reserveModestly(3)
        stateTotals.append(contentsOf: [0, 0, 0])
        maxCounters.reserveModestly(1)
        maxCounters.append(0)
        firstSlots.reserveModestly(1)
        firstSlots.append(0)
        return node
    }

    private mutating func resetNode(_ node: Int) {
        itemCounts[node] = 0
        parents[node] = ReadinessPathTree.noParent
        totals[node] = 0
        for code in 0..<3 { stateTotals[node * 3 + code] = 0 }
        maxCounters[node] = 0
        firstSlots[node] = 0
    }

    mutating func freeNode(_ node: Int) {
        resetNode(node)
        freeNodes.append(UInt32(node))
    }

    mutating func setItem(_ node: Int, _ index: Int, _ value: UInt32) {
        items[node * fanout + index] = value
    }

    mutating func setItemCount(_ node: Int, _ count: Int) {
        itemCounts[node] = UInt32(count)
    }

    mutating func setParent(_ node: Int, _ parent: Int?) {
        parents[node] = parent.map { UInt32($0) } ?? ReadinessPathTree.noParent
    }

    mutating func setRoot(_ node: Int) {
        root = node
        setParent(node, nil)
    }

    mutating func setFirstSlot(_ node: Int, _ slot: UInt32) {
        firstSlots[node] = slot
    }

    mutating func setLevel(_ node: Int, _ level: Int) {
        levels[node] = UInt8(level)
    }

    mutating func setLeaf(ofSlot slot: Int, _ leaf: UInt32) {
        while leafOf.count <= slot { leafOf.append(ReadinessPathTree.absent) }
        leafOf[slot] = leaf
    }

    mutating func appendPending(_ slot: Int) {
        pending.reserveModestly(1)
        pending.append(UInt32(slot))
    }

    mutating func clearPending() {
        pending.removeAll(keepingCapacity: true)
    }

    /// The index of `child` among the items of its parent `parent`.
    func index(ofChild child: Int, in parent: Int) -> Int {
        let base = parent * fanout
        var index = 0
        while Int(items[base + index]) != child { index += 1 }
        return index
    }

    /// The index of `slot`'s entry in `leaf`.
    func index(ofSlot slot: Int, in leaf: Int) -> Int {
        let base = leaf * fanout
        var index = 0
        while ReadinessPathTree.slot(ofEntry: items[base + index]) != slot { index += 1 }
        return index
    }

    // MARK: - Aggregates

    /// Adds `delta` files in state `code` to `node` and every node above it.
    mutating func addFiles(_ delta: Int, stateCode code: Int, from node: Int) {
        var current = node
        while true {
            totals[current] = UInt32(Int(totals[current]) + delta)
            stateTotals[current * 3 + code] = UInt32(Int(stateTotals[current * 3 + code]) + delta)
            guard let parent = parent(current) else { return }
            current = parent
        }
    }

    /// Moves one file from state `old` to state `new` in `node` and every node above it.
    mutating func moveFile(fromState old: Int, toState new: Int, from node: Int) {
        var current = node
        while true {
            stateTotals[current * 3 + old] -= 1
            stateTotals[current * 3 + new] += 1
            guard let parent = parent(current) else { return }
            current = parent
        }
    }

    /// Makes `node` and every node above it bound `counter`.
    mutating func raiseMaxCounter(_ counter: UInt64, from node: Int) {
        var current = node
        while maxCounters[current] < counter {
            maxCounters[current] = counter
            guard let parent = parent(current) else { return }
            current = parent
        }
    }

    /// Lowers the bound of `leaf` to `counter`, its true largest change counter, and the bounds
    /// above it as far as their other children allow.
    mutating func tightenMaxCounter(ofLeaf leaf: Int, to counter: UInt64) {
        guard counter < maxCounters[leaf] else { return }
        maxCounters[leaf] = counter
        var child = leaf
        while let parent = parent(child) {
            var largest: UInt64 = 0
            for index in 0..<itemCount(parent) { largest = max(largest, maxCounters[Int(item(parent, index))]) }
            guard largest < maxCounters[parent] else { return }
            maxCounters[parent] = largest
            child = parent
        }
    }

    /// Recomputes the aggregates of `node` from its items. A leaf takes `leafBound` as its
    /// counter bound: computing it would read every record.
    mutating func recomputeAggregates(_ node: Int, leafBound: UInt64) {
        var counts = [0, 0, 0]
        var total = 0
        var largest: UInt64 = 0
        let count = itemCount(node)
        if isLeaf(node) {
            for index in 0..<count { counts[ReadinessPathTree.stateCode(ofEntry: item(node, index))] += 1 }
            total = count
            largest = leafBound
        } else {
            for index in 0..<count {
                let child = Int(item(node, index))
                total += Int(totals[child])
                for code in 0..<3 { counts[code] += Int(stateTotals[child * 3 + code]) }
                largest = max(largest, maxCounters[child])
            }
        }
        totals[node] = UInt32(total)
        for code in 0..<3 { stateTotals[node * 3 + code] = UInt32(counts[code]) }
        maxCounters[node] = largest
    }

    /// Sets the first slot of `node` from its first item, and of every node above it whose
    /// first child it is.
    mutating func refreshFirstSlot(_ node: Int) {
        guard itemCount(node) > 0 else { return }
        let first = isLeaf(node) ? UInt32(ReadinessPathTree.slot(ofEntry: item(node, 0))) : firstSlots[Int(item(node, 0))]
        var current = node
        while true {
            firstSlots[current] = first
            guard let parent = parent(current), Int(item(parent, 0)) == current else { return }
            current = parent
        }
    }

    /// Bytes held, unused capacity included.
    var allocatedBytes: (leaves: Int, leafOf: Int) {
        let nodes = items.allocatedBytes + itemCounts.allocatedBytes + levels.allocatedBytes + parents.allocatedBytes
            + totals.allocatedBytes + stateTotals.allocatedBytes + maxCounters.allocatedBytes + firstSlots.allocatedBytes
            + freeNodes.allocatedBytes + pending.allocatedBytes
        return (nodes, leafOf.allocatedBytes)
    }
}
