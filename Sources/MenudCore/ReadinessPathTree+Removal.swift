import MenudProtocol

/// Taking slots out of the tree, and keeping its nodes at least about a quarter full.
extension ReadinessPathTree {
    /// Removes `slot`, which is in the tree (or waiting in `pending`).
    mutating func remove(_ slot: Int, table: FileRecordTable) {
        if isWaiting(slot) { flush(table: table) }
        remove(slot)
    }

    /// Removes `slot`, which is in the tree (not waiting: flush first).
    mutating func remove(_ slot: Int) {
        let leafId = leaf(ofSlot: slot)
        precondition(leafId < ReadinessPathTree.waiting, "slot \(slot) is not in the path tree (or waits: flush first)")
        let leaf = Int(leafId)
        let index = index(ofSlot: slot, in: leaf)
        let code = ReadinessPathTree.stateCode(ofEntry: item(leaf, index))
        let count = itemCount(leaf)
        for move in index..<(count - 1) { setItem(leaf, move, item(leaf, move + 1)) }
        setItemCount(leaf, count - 1)
        setLeaf(ofSlot: slot, ReadinessPathTree.absent)
        addFiles(-1, stateCode: code, from: leaf)
        if index == 0 { refreshFirstSlot(leaf) }
        rebalance(leaf)
    }

    /// Records the new state of `slot` in its entry and the counts above it.
    mutating func setState(of slot: Int, to state: FileState) {
        let leafId = leaf(ofSlot: slot)
        guard leafId < ReadinessPathTree.waiting else { return }
        let leaf = Int(leafId)
        let index = index(ofSlot: slot, in: leaf)
        let old = ReadinessPathTree.stateCode(ofEntry: item(leaf, index))
        let new = ReadinessPathTree.stateCode(state)
        guard old != new else { return }
        setItem(leaf, index, ReadinessPathTree.entry(slot: slot, state: state))
        moveFile(fromState: old, toState: new, from: leaf)
    }

    /// Records that `slot` changed at `counter` (the newest).
    mutating func noteChange(of slot: Int, counter: UInt64) {
        let leafId = leaf(ofSlot: slot)
        guard leafId < ReadinessPathTree.waiting else { return }
        raiseMaxCounter(counter, from: Int(leafId))
    }

    /// After `node` lost an item: an empty node leaves its parent, a node under a quarter full
    /// merges with a neighbour when both fit in three quarters of a node, and a root with one
    /// child gives way to it.
    private mutating func rebalance(_ node: Int) {
        let count = itemCount(node)
        guard let parent = parent(node) else {
            var top = node
            while !isLeaf(top) && itemCount(top) == 1 {
                let child = Int(item(top, 0))
                setRoot(child)
                freeNode(top)
                top = child
            }
            // An inner root that lost its last child is an empty tree: a leaf again.
            if !isLeaf(top) && itemCount(top) == 0 { setLevel(top, 0) }
            return
        }
        let quarter = fanout / 4
        guard count < quarter else { return }
        let index = index(ofChild: node, in: parent)
        if count == 0 {
            removeChild(at: index, of: parent)
            freeNode(node)
            rebalance(parent)
            return
        }
        let roomy = fanout * 3 / 4
        let left = index > 0 ? Int(item(parent, index - 1)) : nil
        let right = index + 1 < itemCount(parent) ? Int(item(parent, index + 1)) : nil
        if let left, itemCount(left) + count <= roomy {
            merge(node, into: left)
            removeChild(at: index, of: parent)
            freeNode(node)
            rebalance(parent)
        } else if let right, itemCount(right) + count <= roomy {
            merge(right, into: node)
            removeChild(at: index + 1, of: parent)
            freeNode(right)
            rebalance(parent)
        }
    }

    /// Appends the items of `source` to its left neighbour `target` (same parent, so the
    /// counts above them do not change).
    private mutating func merge(_ source: Int, into target: Int) {
        let targetCount = itemCount(target)
        let sourceCount = itemCount(source)
        for index in 0..<sourceCount {
            let moved = item(source, index)
            setItem(target, targetCount + index, moved)
            if isLeaf(source) {
                setLeaf(ofSlot: ReadinessPathTree.slot(ofEntry: moved), UInt32(target))
            } else {
                setParent(Int(moved), target)
            }
        }
        setItemCount(target, targetCount + sourceCount)
        setItemCount(source, 0)
        let bound = max(maxCounters[target], maxCounters[source])
        recomputeAggregates(target, leafBound: bound)
        if targetCount == 0 { refreshFirstSlot(target) }
    }

    private mutating func removeChild(at index: Int, of parent: Int) {
        let count = itemCount(parent)
        for move in index..<(count - 1) { setItem(parent, move, item(parent, move + 1)) }
        setItemCount(parent, count - 1)
        if index == 0 { refreshFirstSlot(parent) }
    }
}
