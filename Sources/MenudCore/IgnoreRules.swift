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

    public init(patterns: [GlobPattern]) {
        self.patterns = patterns
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

    /// An index loop, not `contains(where:)`: that copied each pattern (retaining its five
    /// arrays) for every entry a crawl reads, a tenth of the crawler's time at a million files.
    private func matchesAny(_ pathBytes: ArraySlice<UInt8>, isDirectory: Bool) -> Bool {
        var index = 0
        while index < patterns.count {
            if patterns[index].matches(pathBytes: pathBytes, isDirectory: isDirectory) { return true }
            index += 1
        }
        return false
    }
}
