/// Names for duplicates, the way file managers make them: `"name copy.ext"`, then
/// `"name copy 2.ext"`, `"name copy 3.ext"`, ...
///
/// The extension is what follows the last dot, unless the dot starts the name (`.bashrc` has
/// none). Duplicating a copy continues its numbering: `"a copy.txt"` gives `"a copy 2.txt"`.
enum DuplicateNamer {
    /// The `attempt`-th candidate name (1-based) for a duplicate of `name`.
    static func candidate(for name: String, attempt: Int) -> String {
        let (stem, ext) = split(name)
        let base = strippingCopySuffix(stem)
        let suffix = attempt == 1 ? " copy" : " copy \(attempt)"
        return base + suffix + ext
    }

    /// Splits `"movie.final.mp4"` into `("movie.final", ".mp4")`; names without an extension
    /// give `(name, "")`.
    static func split(_ name: String) -> (stem: String, ext: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex
        else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }

    /// `"a copy"` and `"a copy 7"` become `"a"`; anything else is returned as is.
    static func strippingCopySuffix(_ stem: String) -> String {
        if stem.hasSuffix(" copy"), stem.count > 5 {
            return String(stem.dropLast(5))
        }
        guard let range = stem.range(of: " copy ", options: .backwards), range.lowerBound != stem.startIndex else {
            return stem
        }
        let number = stem[range.upperBound...]
        guard !number.isEmpty, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber), number.first != "0" else {
            return stem
        }
        return String(stem[..<range.lowerBound])
    }
}
