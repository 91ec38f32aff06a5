/// Names for a file in the trash: its own name, then `stem.2.ext`, `stem.3.ext`, ... on clashes.
struct TrashedName: Sendable {
    let original: String

    init(_ absolutePath: String) {
        let slash = absolutePath.lastIndex(of: "/")
        original = slash.map { String(absolutePath[absolutePath.index(after: $0)...]) } ?? absolutePath
    }

    /// The `attempt`-th name (1-based).
    func candidate(_ attempt: Int) -> String {
        guard attempt > 1 else { return original }
        let (stem, ext) = DuplicateNamer.split(original)
        return "\(stem).\(attempt)\(ext)"
    }
}
