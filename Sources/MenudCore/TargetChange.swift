import MenudProtocol

/// Why an action did not start: one of its target files is no longer what the menu showed.
public struct TargetChange: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (relative to the root) that changed.
    public let path: RelativePath
    public let kind: TargetChangeKind
    /// What happened, finishing "x.txt ...": "was replaced by another file".
    public let detail: String

    public init(path: RelativePath, kind: TargetChangeKind, detail: String) {
        self.path = path
        self.kind = kind
        self.detail = detail
    }

    /// "sub/f.txt was replaced by another file since the menu showed it".
    public var sentence: String {
        "\(path.isRoot ? "the watched folder" : path.displayString) \(detail)"
    }

    public var description: String { sentence }
}
