extension GlobPattern {
    /// The set of characters of a `[...]` bracket expression.
    struct CharacterClass: Hashable, Sendable {
        var ranges: [ClosedRange<UInt32>]
        var negated: Bool

        /// Whether the character `scalar` (nil for a byte that is not valid UTF-8) is accepted.
        func accepts(_ scalar: UInt32?) -> Bool {
            guard let scalar else { return negated }
            let listed = ranges.contains { $0.contains(scalar) }
            return listed != negated
        }
    }
}
