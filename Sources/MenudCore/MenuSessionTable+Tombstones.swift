extension MenuSessionTable {
    /// Drops tombstones whose time is up. Tombstones are made in time order with a fixed
    /// lifetime, so the due ones are at the front (a clock stepping back only delays this).
    mutating func forgetOldTombstones() {
        let now = clock.nowMs()
        while tombstoneHead < tombstoneOrder.count {
            let (id, forgetAtMs) = tombstoneOrder[tombstoneHead]
            if forgetAtMs > now { break }
            tombstones[id] = nil
            tombstoneHead += 1
        }
        compactTombstoneOrder()
    }

    mutating func compactTombstoneOrder() {
        if tombstoneHead > 64 && tombstoneHead * 2 > tombstoneOrder.count {
            tombstoneOrder.removeFirst(tombstoneHead)
            tombstoneHead = 0
        }
    }
}
