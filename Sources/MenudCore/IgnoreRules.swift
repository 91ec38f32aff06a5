import MenudProtocol

/// The globs naming files and directories the daemon does not track.
///
/// A path is ignored when it, or any directory above it, matches one of the patterns (see
/// `GlobPattern` for the syntax and for where each pattern is matched). The directory walker asks
/// `ignoresEntry` for each entry it reads and does not descend into an ignored directory;
/// change events ask `isIgnored`, which also looks at the ancestors, so nothing under `.git`
/// gets through even when the event names a deep path.
///
/// The configured list replaces the defaults; the shipped configuration lists them.
public struct IgnoreRules: Sendable, Equatable {
    /// `.git` (and so everything under it), and editor swap and backup files: Vim's `*.swp`,
    /// `*.swx`, `.*.swp` and its `4913` write test, `*~` backups, Emacs' `.#*` lock links.
    public static let defaultPatterns = [".git", "*.swp", "*.swx", ".*.swp", "*~", ".#*", "4913"]

    /// The rules built from `defaultPatterns`.
    public static let defaults: IgnoreRules = {
        do {
            return try IgnoreRules(defaultPatterns)
        } catch {
            preconditionFailure("the default ignore patterns must compile: \(error)")
        }
    }()

    /// Rules that ignore nothing.
    public static let none = IgnoreRules(patterns: [])

    public let patterns: [GlobPattern]
    /// For each pattern, the byte every text it matches starts with, and the one it ends with
    /// (-1: any): most entries a crawl reads fail both for every pattern, so they are told
    /// apart without touching the pattern itself (reading one out of the array copied it,
    /// retaining its five arrays: a tenth of the crawler's time at a million files).
    private let firstBytes: [Int16]
    private let lastBytes: [Int16]
    private let anchored: [Bool]

    public init(patterns: [GlobPattern]) {
        self.patterns = patterns
        firstBytes = patterns.map { pattern in pattern.literalPrefix.first.map(Int16.init) ?? -1 }
        lastBytes = patterns.map { pattern in
            let last = pattern.literalSuffix.last ?? (pattern.middleTokens.isEmpty ? pattern.literalPrefix.last : nil)
            return last.map(Int16.init) ?? -1
        }
        anchored = patterns.map(\.isAnchored)
    }

    public static func == (lhs: IgnoreRules, rhs: IgnoreRules) -> Bool {
        lhs.patterns == rhs.patterns
    }

    /// Compiles every pattern; the error names the first one that does not compile.
    public init(_ sources: [String]) throws(GlobPatternError) {
        var compiled: [GlobPattern] = []
        compiled.reserveCapacity(sources.count)
        for source in sources {
            compiled.append(try GlobPattern(source))
        }
        self.init(patterns: compiled)
    }

    /// True when this one entry matches a pattern (its parent directories are not looked at:
    /// the walker never reaches an entry under an ignored directory).
    public func ignoresEntry(_ path: RelativePath, isDirectory: Bool) -> Bool {
        if path.isRoot { return false }
        return matchesAny(path.bytes[...], isDirectory: isDirectory)
    }

    /// True when the path or any directory above it matches a pattern.
    public func isIgnored(_ path: RelativePath, isDirectory: Bool) -> Bool {
        if path.isRoot || patterns.isEmpty { return false }
        let bytes = path.bytes
        var index = bytes.startIndex
        while let slash = bytes[index...].firstIndex(of: UInt8(ascii: "/")) {
            if matchesAny(bytes[..<slash], isDirectory: true) { return true }
            index = slash + 1
        }
        return matchesAny(bytes[...], isDirectory: isDirectory)
    }

    /// `ignoresEntry` for the entry `name` of `directory`, without making its path unless a
    /// pattern with a `/` could match it (the crawler asks this for every entry it reads).
    public func ignoresEntry(named name: [UInt8], in directory: RelativePath, isDirectory: Bool) -> Bool {
        guard let first = name.first, let last = name.last else { return false }
        var path: RelativePath?
        return firstMatch(pathFirst: directory.bytes.first ?? first, nameFirst: first, last: last) { index in
            if !anchored[index] { return patterns[index].matches(pathBytes: name[...], isDirectory: isDirectory) }
            if path == nil { path = directory.appending(component: name) }
            return patterns[index].matches(pathBytes: path!.bytes[...], isDirectory: isDirectory)
        }
    }

    private func matchesAny(_ pathBytes: ArraySlice<UInt8>, isDirectory: Bool) -> Bool {
        guard let first = pathBytes.first, let last = pathBytes.last else { return false }
        let nameFirst = pathBytes.lastIndex(of: UInt8(ascii: "/")).map { pathBytes[$0 + 1] } ?? first
        return firstMatch(pathFirst: first, nameFirst: nameFirst, last: last) { index in
            patterns[index].matches(pathBytes: pathBytes, isDirectory: isDirectory)
        }
    }

    /// True when `matches` is for a pattern whose first and last bytes allow a text that starts
    /// with `pathFirst` (matched as a whole path) or `nameFirst` (as a last component) and ends
    /// with `last`.
    private func firstMatch(pathFirst: UInt8, nameFirst: UInt8, last: UInt8, _ matches: (Int) -> Bool) -> Bool {
        var index = 0
        while index < patterns.count {
            let wantFirst = firstBytes[index]
            let wantLast = lastBytes[index]
            if wantLast < 0 || wantLast == Int16(last),
               wantFirst < 0 || wantFirst == Int16(anchored[index] ? pathFirst : nameFirst),
               matches(index) {
                return true
            }
            index += 1
        }
        return false
    }
}
