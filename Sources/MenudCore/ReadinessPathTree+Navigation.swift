/// Finding positions: by path (a descent comparing with each node's first slot), by rank (a
/// descent through the counts), and the next leaf whose subtree passes a filter.
extension ReadinessPathTree {
    /// The first position whose slot does not sort before the key, where `precedes(slot)` says
    /// whether a slot sorts before it. The index may be the leaf's count (the answer is then
    /// the next leaf's first entry, or the end). O(log n) comparisons.
    func lowerBound(_ precedes: (Int) -> Bool) -> Position {
        var node = root
        while !isLeaf(node) {
            // The first child whose first slot does not precede the key; the answer lies in
            // the child before it (past its end, perhaps), or in child 0.
            var low = 0
            var high = itemCount(node)
            while low < high {
                let middle = (low + high) / 2
                if precedes(Int(firstSlots[Int(item(node, middle))])) { low = middle + 1 } else { high = middle }
            }
            node = Int(item(node, max(low - 1, 0)))
        }
        var low = 0
        var high = itemCount(node)
        while low < high {
            let middle = (low + high) / 2
            if precedes(ReadinessPathTree.slot(ofEntry: item(node, middle))) { low = middle + 1 } else { high = middle }
        }
        return Position(leaf: node, index: low)
    }

    /// `position`, or the first entry after it when it is past its leaf's end; nil at the end.
    func normalized(_ position: Position) -> Position? {
        if position.index < itemCount(position.leaf) { return position }
        return nextLeaf(after: position.leaf, where: { _ in true }).map { Position(leaf: $0, index: 0) }
    }

    /// The position after `position`, or nil at the end.
    func position(after position: Position) -> Position? {
        normalized(Position(leaf: position.leaf, index: position.index + 1))
    }

    /// The position of the file at `rank` (from 0) in path order, counting only files in the
    /// state with `stateCode` when given; nil when there are not that many.
    func position(ofRank rank: Int, stateCode: Int?) -> Position? {
        func files(_ node: Int) -> Int {
            stateCode.map { Int(stateTotals[node * 3 + $0]) } ?? Int(totals[node])
        }
        guard rank >= 0, rank < files(root) else { return nil }
        var node = root
        var remaining = rank
        while !isLeaf(node) {
            var chosen = -1
            for index in 0..<itemCount(node) {
                let child = Int(item(node, index))
                let inChild = files(child)
                if remaining < inChild {
                    chosen = child
                    break
                }
                remaining -= inChild
            }
            precondition(chosen >= 0, "the path tree's counts disagree with its nodes")
            node = chosen
        }
        for index in 0..<itemCount(node) {
            if let stateCode, ReadinessPathTree.stateCode(ofEntry: item(node, index)) != stateCode { continue }
            if remaining == 0 { return Position(leaf: node, index: index) }
            remaining -= 1
        }
        preconditionFailure("the path tree's counts disagree with its leaves")
    }

    /// The first leaf after `leaf` in path order whose subtree and itself pass `passes`, or nil.
    func nextLeaf(after leaf: Int, where passes: (Int) -> Bool) -> Int? {
        var child = leaf
        while let parent = parent(child) {
            let count = itemCount(parent)
            var index = index(ofChild: child, in: parent) + 1
            while index < count {
                let candidate = Int(item(parent, index))
                if passes(candidate), let found = firstLeaf(under: candidate, where: passes) { return found }
                index += 1
            }
            child = parent
        }
        return nil
    }

    /// The first leaf in path order that passes `passes`, with every node above it, or nil.
    func firstLeaf(where passes: (Int) -> Bool) -> Int? {
        guard itemCount(root) > 0, passes(root) else { return nil }
        return firstLeaf(under: root, where: passes)
    }

    /// The first leaf under `node` (which passes `passes`) that passes, with every node between.
    private func firstLeaf(under node: Int, where passes: (Int) -> Bool) -> Int? {
        if isLeaf(node) { return node }
        for index in 0..<itemCount(node) {
            let child = Int(item(node, index))
            if passes(child), let found = firstLeaf(under: child, where: passes) { return found }
        }
        return nil
    }

    /// Calls `body` with each slot in path order from `start` while it returns true.
    func forEachSlot(from start: Position, _ body: (Int) -> Bool) {
        var position = normalized(start)
        while let current = position {
            let leaf = current.leaf
            for index in current.index..<itemCount(leaf) {
                if !body(ReadinessPathTree.slot(ofEntry: item(leaf, index))) { return }
            }
            position = nextLeaf(after: leaf, where: { _ in true }).map { Position(leaf: $0, index: 0) }
        }
    }
}

/// Counting the files before a position, per state: a range's counts are two of these.
extension ReadinessPathTree {
    /// How many entries, per state code, come before `position`. O(fanout * height).
    func countsBefore(_ position: Position) -> [Int] {
        var counts = [0, 0, 0]
        for index in 0..<min(position.index, itemCount(position.leaf)) {
            counts[ReadinessPathTree.stateCode(ofEntry: item(position.leaf, index))] += 1
        }
        var child = position.leaf
        while let parent = parent(child) {
            for index in 0..<self.index(ofChild: child, in: parent) {
                let sibling = Int(item(parent, index))
                for code in 0..<3 { counts[code] += Int(stateTotals[sibling * 3 + code]) }
            }
            child = parent
        }
        return counts
    }
}
