import MenudProtocol

/// A compiled glob that matches root-relative paths, byte for byte.
///
/// Syntax (close to `.gitignore`):
/// - `*` matches any run of characters except `/` (a leading `.` included);
/// - `?` matches one character except `/` (one UTF-8 encoded character, or one byte that is not
///   part of valid UTF-8);
/// - `**` matches any run of characters including `/`; `**/` matches zero or more whole
///   directories, so `**/x` matches `x` and `a/b/x`, and `a/**/b` matches `a/b` and `a/x/y/b`;
/// - `[abc]`, `[a-z]`, `[!a-z]` (or `[^a-z]`) match one character from (or not from) the set,
///   never `/`; a `]` right after `[` or `[!` is a member;
/// - `\` makes the next character literal (`\*`, `\[`, `\\`).
///
/// Where it is matched:
/// - a pattern without `/` is matched against the **last component** only (like a `.gitignore`
///   basename rule): `*.mp4` matches `intro.mp4` and `videos/intro.mp4`;
/// - a pattern with a `/` is matched against the **whole path** from the root; a leading `/`
///   only marks it as such (`/notes.txt` matches `notes.txt` but not `a/notes.txt`);
/// - a trailing `/` restricts the pattern to directories (`cache/`); `matches(_:isDirectory:)`
///   takes that into account, `matches(_:)` treats the path as a file.
///
/// Negation (`!pattern`) is not supported; write `\!` for a name starting with `!`.
public struct GlobPattern: Hashable, Sendable, CustomStringConvertible {
    /// The pattern as written.
    public let source: String
    /// True when the pattern contains `/` and is matched against the whole path.
    public let isAnchored: Bool
    /// True when the pattern ended with `/` and only matches directories.
    public let matchesDirectoriesOnly: Bool

    let tokens: [Token]
    /// The literal bytes every match starts with and ends with, and the tokens between them:
    /// `*.mp4` is prefix "", middle `*`, suffix ".mp4", so matching it is a suffix compare and a
    /// scan for `/`, with no general matching at all.
    let literalPrefix: [UInt8]
    let literalSuffix: [UInt8]
    let middleTokens: [Token]

    public var description: String { source }

    /// Compiles `source`; throws a `GlobPatternError` that says what to change.
    public init(_ source: String) throws(GlobPatternError) {
        self.source = source
        var scalars = Array(source.unicodeScalars)
        if scalars.isEmpty {
            throw GlobPatternError(pattern: source, problem: "is empty; write a name or a pattern such as \"*.mp4\"")
        }
        if scalars.first == "!" {
            throw GlobPatternError(pattern: source, problem: "starts with \"!\", but negated patterns are not supported; write \"\\!\" to match a name that starts with \"!\"")
        }
        var directoriesOnly = false
        while scalars.count > 1, scalars.last == "/", !GlobPattern.isEscaped(scalars, at: scalars.count - 1) {
            scalars.removeLast()
            directoriesOnly = true
        }
        var anchored = false
        if scalars.first == "/" {
            scalars.removeFirst()
            anchored = true
        }
        if scalars.isEmpty || scalars == ["/"] {
            throw GlobPatternError(pattern: source, problem: "matches only the root; name something inside it, e.g. \"videos/\"")
        }
        if scalars.contains("/") { anchored = true }
        self.isAnchored = anchored
        self.matchesDirectoriesOnly = directoriesOnly
        let tokens = try GlobPattern.compile(scalars, source: source)
        self.tokens = tokens
        var prefixEnd = 0
        var prefix: [UInt8] = []
        while prefixEnd < tokens.count, case .literal(let byte) = tokens[prefixEnd] {
            prefix.append(byte)
            prefixEnd += 1
        }
        var suffixStart = tokens.count
        var suffix: [UInt8] = []
        while suffixStart > prefixEnd, case .literal(let byte) = tokens[suffixStart - 1] {
            suffix.insert(byte, at: 0)
            suffixStart -= 1
        }
        self.literalPrefix = prefix
        self.literalSuffix = suffix
        self.middleTokens = Array(tokens[prefixEnd..<suffixStart])
    }

    /// True when `path` (taken as a file) matches.
    public func matches(_ path: RelativePath) -> Bool {
        matches(pathBytes: path.bytes[...], isDirectory: false)
    }

    /// True when `path` matches, honouring a trailing-`/` (directories only) pattern.
    public func matches(_ path: RelativePath, isDirectory: Bool) -> Bool {
        matches(pathBytes: path.bytes[...], isDirectory: isDirectory)
    }

    /// Matches the path held in `pathBytes` (a whole path, or a leading part of one that ends at
    /// a component boundary).
    func matches(pathBytes: ArraySlice<UInt8>, isDirectory: Bool) -> Bool {
        if matchesDirectoriesOnly && !isDirectory { return false }
        var text = pathBytes
        if !isAnchored, let slash = pathBytes.lastIndex(of: UInt8(ascii: "/")) {
            text = pathBytes[(slash + 1)...]
        }
        guard text.count >= literalPrefix.count + literalSuffix.count,
              text.starts(with: literalPrefix),
              text.suffix(literalSuffix.count).elementsEqual(literalSuffix) else { return false }
        let middle = text[(text.startIndex + literalPrefix.count)..<(text.endIndex - literalSuffix.count)]
        switch middleTokens.count {
        case 0:
            return middle.isEmpty
        case 1 where middleTokens[0] == .star:
            return !middle.contains(UInt8(ascii: "/"))
        case 1 where middleTokens[0] == .globstar:
            return true
        default:
            return GlobPattern.run(middleTokens, on: middle)
        }
    }

    public static func == (lhs: GlobPattern, rhs: GlobPattern) -> Bool {
        lhs.source == rhs.source
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
    }

    private static func isEscaped(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        var backslashes = 0
        var position = index - 1
        while position >= 0, scalars[position] == "\\" {
            backslashes += 1
            position -= 1
        }
        return backslashes % 2 == 1
    }
}
