import Glibc

/// A shell-style file name pattern (`*.mp4`, `videos/*.mov`), matched with `fnmatch(3)`.
///
/// A pattern without `/` is matched against the file's name; a pattern with `/` against its
/// root-relative path, where `*` and `?` do not cross `/` (`FNM_PATHNAME`).
public struct CommandGlob: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String

    /// A pattern; it must not be empty.
    public init?(_ pattern: String) {
        guard !pattern.isEmpty, !pattern.unicodeScalars.contains(where: { $0.value == 0 }) else { return nil }
        self.pattern = pattern
    }

    /// Whether the file at root-relative `path` (named `name`) matches.
    public func matches(path: String, name: String) -> Bool {
        if pattern.contains("/") {
            return fnmatch(pattern, path, FNM_PATHNAME) == 0
        }
        return fnmatch(pattern, name, 0) == 0
    }

    /// The pattern.
    public var description: String { pattern }
}
