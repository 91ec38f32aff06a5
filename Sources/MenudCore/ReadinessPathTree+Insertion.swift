/// Putting slots into the tree: one at a time at a position, or a directory's run at a finger.
extension ReadinessPathTree {
    /// Inserts `slot` (not in the tree) in path order, now.
    mutating func insert(_ slot: Int, table: FileRecordTable) {
        flush(table: table)
        let position = lowerBound { table.pathPrecedes($0, slot) }
        _ = insert(slot, at: position, table: table)
    }

    /// True when the run waiting must go in before a new file of `directory` queues: runs
    /// hold one directory, and at most 4,096 slots.
    func mustFlush(beforeAdding directory: Int) -> Bool {
        !pending.isEmpty && (directory != pendingDirectory || pending.count >= 4096)
    }

    /// Queues `slot` (a new file in `directory`) for the next `flush`; see `mustFlush`.
    mutating func insertLater(_ slot: Int, directory: Int) {
        precondition(!mustFlush(beforeAdding: directory), "flush the run of another directory first")
        pendingDirectory = directory
        appendPending(slot)
        setLeaf(ofSlot: slot, ReadinessPathTree.waiting)
    }

    /// `insertLater`, flushing first when needed.
    mutating func insertLater(_ slot: Int, directory: Int, table: FileRecordTable) {
        if mustFlush(beforeAdding: directory) { flush(table: table) }
        insertLater(slot, directory: directory)
    }

    func isWaiting(_ slot: Int) -> Bool { leaf(ofSlot: slot) == ReadinessPathTree.waiting }

    /// Inserts the queued run: sorted by name (one directory), then each right after the
    /// previous one while it still sorts before the entry that followed the run's place.
    mutating func flush(table: FileRecordTable) {
        guard !pending.isEmpty else { return }
        let run = ReadinessPathTree.sortedByName(pending, table: table)
        clearPending()
        var finger: Position?
        var successor: Int?
        for (index, entry) in run.enumerated() {
            let slot = Int(entry)
            let position: Position
            if let finger, successor.map({ table.pathPrecedes(slot, $0) }) ?? true {
                position = finger
            } else {
                position = lowerBound { table.pathPrecedes($0, slot) }
                successor = self.slot(at: position)
            }
            // More of the run is likely to follow into the same gap: split a full leaf right
            // there, so the run fills the left part and then leaves of its own.
            let placed = insert(slot, at: position, table: table, splittingAtPosition: index + 1 < run.count)
            finger = Position(leaf: placed.leaf, index: placed.index + 1)
        }
    }

    /// `slots` (of one directory) sorted by name, comparing the names in place.
    private static func sortedByName(_ slots: [UInt32], table: FileRecordTable) -> [UInt32] {
        let names = table.storage.names
        var keyed = slots.map { (range: table.storage.nameRange(Int($0)), slot: $0) }
        keyed.sort { left, right in
            var leftIndex = left.range.lowerBound
            var rightIndex = right.range.lowerBound
            while leftIndex < left.range.upperBound && rightIndex < right.range.upperBound {
                let leftByte = names[leftIndex]
                let rightByte = names[rightIndex]
                if leftByte != rightByte { return leftByte < rightByte }
                leftIndex += 1
                rightIndex += 1
            }
            return leftIndex == left.range.upperBound && rightIndex < right.range.upperBound
        }
        return keyed.map(\.slot)
    }

    /// The slot at `position`, or after it when the position is past its leaf's end; nil at
    /// the end of the tree.
    func slot(at position: Position) -> Int? {
        if position.index < itemCount(position.leaf) {
            return ReadinessPathTree.slot(ofEntry: item(position.leaf, position.index))
        }
        guard let next = nextLeaf(after: position.leaf, where: { _ in true }) else { return nil }
        return ReadinessPathTree.slot(ofEntry: item(next, 0))
    }

    /// Inserts `slot` at `position` and returns where it ended up (after a split, perhaps in
    /// a new leaf). A full leaf splits in half, or at `position` when `splittingAtPosition`
    /// (a run follows); at its end, it starts a new leaf.
    @discardableResult
    mutating func insert(_ slot: Int, at position: Position, table: FileRecordTable,
                         splittingAtPosition: Bool = false) -> Position {
        precondition(slot <= ReadinessPathTree.largestSlot, "slot \(slot) does not fit the path tree")
        var leaf = position.leaf
        var index = position.index
        if itemCount(leaf) == fanout {
            if index == fanout {
                leaf = split(leaf, at: index)
                index = 0
            } else if splittingAtPosition {
                // The slot goes at the end of the left part.
                _ = split(leaf, at: index)
            } else {
                let right = split(leaf, at: fanout / 2)
                if index >= fanout / 2 {
                    leaf = right
                    index -= fanout / 2
                }
            }
        }
        let state = table.state(slot)
        let count = itemCount(leaf)
        var move = count
        while move > index {
            setItem(leaf, move, item(leaf, move - 1))
            move -= 1
        }
        setItem(leaf, index, ReadinessPathTree.entry(slot: slot, state: state))
        setItemCount(leaf, count + 1)
        setLeaf(ofSlot: slot, UInt32(leaf))
        addFiles(1, stateCode: ReadinessPathTree.stateCode(state), from: leaf)
        raiseMaxCounter(table.changeCounter(slot), from: leaf)
        if index == 0 { refreshFirstSlot(leaf) }
        return Position(leaf: leaf, index: index)
    }

    /// Moves the items of the full `node` from `splitAt` on into a new right sibling, which
    /// it returns (empty when `splitAt` is the fanout).
    private mutating func split(_ node: Int, at splitAt: Int) -> Int {
        let right = allocateNode(level: Int(levels[node]))
        let count = itemCount(node)
        for index in splitAt..<count {
            let moved = item(node, index)
            setItem(right, index - splitAt, moved)
            if isLeaf(node) {
                setLeaf(ofSlot: ReadinessPathTree.slot(ofEntry: moved), UInt32(right))
            } else {
                setParent(Int(moved), right)
            }
        }
        setItemCount(node, splitAt)
        setItemCount(right, count - splitAt)
        let bound = maxCounters[node]
        recomputeAggregates(node, leafBound: bound)
        recomputeAggregates(right, leafBound: bound)
        if count > splitAt {
            setFirstSlot(right, isLeaf(right) ? UInt32(ReadinessPathTree.slot(ofEntry: item(right, 0))) : firstSlots[Int(item(right, 0))])
        }
        if let parent = parent(node) {
            insertChild(right, into: parent, at: index(ofChild: node, in: parent) + 1)
        } else {
            let newRoot = allocateNode(level: Int(levels[node]) + 1)
            setItem(newRoot, 0, UInt32(node))
            setItem(newRoot, 1, UInt32(right))
            setItemCount(newRoot, 2)
            setParent(node, newRoot)
            setParent(right, newRoot)
            recomputeAggregates(newRoot, leafBound: 0)
            setFirstSlot(newRoot, firstSlots[node])
            setRoot(newRoot)
        }
        return right
    }

    /// Adds `child` (whose files the ancestors of `parent` already count) as item `index` of
    /// `parent`, splitting `parent` when it is full.
    private mutating func insertChild(_ child: Int, into parent: Int, at index: Int) {
        var target = parent
        var position = index
        var didSplit = false
        if itemCount(parent) == fanout {
            let splitAt = index == fanout ? index : fanout / 2
            let right = split(parent, at: splitAt)
            didSplit = true
            if index >= splitAt {
                target = right
                position -= splitAt
            }
        }
        let count = itemCount(target)
        var move = count
        while move > position {
            setItem(target, move, item(target, move - 1))
            move -= 1
        }
        setItem(target, position, UInt32(child))
        setItemCount(target, count + 1)
        setParent(child, target)
        // The nodes the split recounted (up to a new root, perhaps) counted their children
        // before the child arrived: count again from its new parent up.
        if didSplit {
            var node: Int? = target
            while let current = node {
                recomputeAggregates(current, leafBound: 0)
                node = self.parent(current)
            }
        }
        if position == 0 { refreshFirstSlot(target) }
    }
}
