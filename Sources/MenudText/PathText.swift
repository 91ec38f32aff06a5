/// The few operations on `/`-separated path text the daemon needs (Foundation's `NSString`
/// path methods, without Foundation). Paths here are configured ones, already text.
public enum PathText {
    /// The last component: `"b"` for `"/a/b"` and `"/a/b/"`, `"/"` for `"/"`.
    public static func lastComponent(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        if trimmed == "/" || trimmed.isEmpty { return trimmed }
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The path without its last component: `"/a"` for `"/a/b"`, `"/"` for `"/a"`, `""` for `"a"`.
    public static func deletingLastComponent(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        return trimmingTrailingSlashes(String(trimmed[..<slash]))
    }

    /// `component` appended with one `/` between: `"a/b"` for `("a", "b")` and `("a/", "/b")`.
    public static func appending(_ path: String, _ component: String) -> String {
        if path.isEmpty { return component }
        if component.isEmpty { return path }
        var head = Substring(path)
        while head.count > 1 && head.hasSuffix("/") { head = head.dropLast() }
        var tail = Substring(component)
        while tail.hasPrefix("/") { tail = tail.dropFirst() }
        return head == "/" ? "/" + tail : head + "/" + tail
    }

    /// An absolute path with empty and `.` components dropped and `..` removing the component
    /// before it (lexically; links are not followed). A relative path keeps leading `..`s.
    public static func standardized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var kept: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." {
                if let last = kept.last, last != ".." { kept.removeLast(); continue }
                if absolute { continue }
            }
            kept.append(component)
        }
        let joined = kept.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
