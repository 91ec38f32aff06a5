extension Array {
    /// Makes room for `extra` more elements, growing by an eighth instead of doubling, so a
    /// large array holds at most an eighth more than it needs (appending still costs O(1)
    /// amortised: every growth copies the array, once per eighth added).
    mutating func reserveModestly(_ extra: Int) {
        let needed = count + extra
        guard needed > capacity else { return }
        reserveCapacity(Swift.max(needed, capacity + capacity / 8 + 256))
    }

    /// Bytes held, unused capacity included.
    var allocatedBytes: Int { capacity * MemoryLayout<Element>.stride }
}
