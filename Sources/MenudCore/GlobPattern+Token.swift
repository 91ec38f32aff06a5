extension GlobPattern {
    /// One step of a compiled pattern.
    enum Token: Hashable, Sendable {
        /// Exactly this byte.
        case literal(UInt8)
        /// `?`: one character, not `/`.
        case anyCharacter
        /// `*`: any run without `/`.
        case star
        /// `**`: any run, `/` included.
        case globstar
        /// `**/`: nothing, or any run that ends with `/` (zero or more whole directories).
        case globstarSlash
        /// `[...]`: one character in (or, negated, not in) the set, not `/`.
        case characterClass(CharacterClass)
    }
}
