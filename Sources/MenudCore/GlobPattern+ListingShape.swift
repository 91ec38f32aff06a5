import MenudProtocol

/// What a listing needs to know about a pattern to visit only the paths that can match it.
extension GlobPattern {
    struct ListingShape: Equatable {
        /// Every match starts with these bytes: the literal directories the pattern begins
        /// with, through their last `/` (empty for none, and for a pattern without `/`).
        let directory: [UInt8]
        /// True when every match lies directly in `directory`: nothing after it crosses a `/`.
        let directlyInDirectory: Bool
        /// The last name of every match, when the pattern's last part is literal.
        let literalName: [UInt8]?
    }

    /// Why this is complete: literal tokens match only their own bytes, so a match starts with
    /// the pattern's leading literals; `*`, `?` and classes never match `/`, so without a `/`,
    /// `**` or `**/` after `directory` a match has no `/` after it either; and a literal last
    /// part follows a `/` or a `**/` (or the start), so it is a match's whole last name. A
    /// pattern without `/` matches the last name wherever it lies.
    var listingShape: ListingShape {
        let slash = Token.literal(RelativePath.separator)
        func literalBytes(_ tokens: ArraySlice<Token>) -> [UInt8]? {
            var bytes: [UInt8] = []
            for token in tokens {
                guard case .literal(let byte) = token else { return nil }
                bytes.append(byte)
            }
            return bytes
        }
        guard isAnchored else {
            return ListingShape(directory: [], directlyInDirectory: false, literalName: literalBytes(tokens[...]))
        }
        var literalEnd = 0
        while literalEnd < tokens.count, case .literal = tokens[literalEnd] { literalEnd += 1 }
        var directoryEnd = 0
        for index in 0..<literalEnd where tokens[index] == slash { directoryEnd = index + 1 }
        let rest = tokens[directoryEnd...]
        let crossesDirectories = rest.contains { $0 == slash || $0 == .globstar || $0 == .globstarSlash }
        let lastStart = (rest.lastIndex { $0 == slash || $0 == .globstarSlash }).map { $0 + 1 } ?? directoryEnd
        let last = tokens[lastStart...]
        return ListingShape(directory: literalBytes(tokens[0..<directoryEnd]) ?? [],
                            directlyInDirectory: !crossesDirectories,
                            literalName: last.isEmpty ? nil : literalBytes(last))
    }
}
