/// Names for duplicates, the way file managers make them: `"name copy.ext"`, then
/// `"name copy 2.ext"`, `"name copy 3.ext"`, ...
///
/// The extension is what follows the last dot, unless the dot starts the name (`.bashrc` has
/// none). Duplicating a copy continues its numbering: `"a copy.txt"` gives `"a copy 2.txt"`.
/// Names are bytes (a name need not be valid UTF-8); every rule looks at ASCII bytes only, so
/// the rest of the name is kept byte for byte.
enum DuplicateNamer {
    private static let dot = UInt8(ascii: ".")
    private static let copySuffix = Array(" copy".utf8)
    private static let copyNumbered = Array(" copy ".utf8)

    /// The `attempt`-th candidate name (1-based) for a duplicate of `name`.
    static func candidate(for name: [UInt8], attempt: Int) -> [UInt8] {
        let (stem, ext) = split(name)
        let suffix = attempt == 1 ? copySuffix : copyNumbered + Array(String(attempt).utf8)
        return strippingCopySuffix(stem) + suffix + ext
    }

    /// Splits `"movie.final.mp4"` into `("movie.final", ".mp4")`; names without an extension
    /// give `(name, "")`.
    static func split(_ name: [UInt8]) -> (stem: [UInt8], ext: [UInt8]) {
        guard let at = name.lastIndex(of: dot), at != 0, at != name.count - 1 else { return (name, []) }
        return (Array(name[..<at]), Array(name[at...]))
    }

    /// `"a copy"` and `"a copy 7"` become `"a"`; anything else is returned as is.
    static func strippingCopySuffix(_ stem: [UInt8]) -> [UInt8] {
        if stem.count > copySuffix.count, stem.suffix(copySuffix.count).elementsEqual(copySuffix) {
            return Array(stem.dropLast(copySuffix.count))
        }
        guard let start = lastRange(of: copyNumbered, in: stem), start != 0 else { return stem }
        let number = stem[(start + copyNumbered.count)...]
        guard let first = number.first, first != UInt8(ascii: "0"),
            number.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return stem }
        return Array(stem[..<start])
    }

    private static func lastRange(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        return stride(from: bytes.count - pattern.count, through: 0, by: -1).first { start in
            bytes[start..<(start + pattern.count)].elementsEqual(pattern)
        }
    }

    /// The same rules on text (the name's UTF-8).
    static func candidate(for name: String, attempt: Int) -> String {
        String(decoding: candidate(for: Array(name.utf8), attempt: attempt), as: UTF8.self)
    }

    /// The same split on text.
    static func split(_ name: String) -> (stem: String, ext: String) {
        let (stem, ext) = split(Array(name.utf8))
        return (String(decoding: stem, as: UTF8.self), String(decoding: ext, as: UTF8.self))
    }
}
