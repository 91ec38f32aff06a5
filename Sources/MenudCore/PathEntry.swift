/// What the file system says about one name beneath the root, right now.
public struct PathEntry: Hashable, Sendable {
    public let kind: PathEntryKind
    public let node: FileNodeID
    /// The facts the readiness tracker compares (size, modification time, inode, ctime).
    public let facts: FileFacts

    public init(kind: PathEntryKind, node: FileNodeID, facts: FileFacts) {
        self.kind = kind
        self.node = node
        self.facts = facts
    }
}
