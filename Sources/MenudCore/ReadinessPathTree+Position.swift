extension ReadinessPathTree {
    /// Where an entry is, or goes: `index` may equal the leaf's count (after its last entry).
    struct Position: Equatable {
        var leaf: Int
        var index: Int
    }
}
