/// What the file system says about one name beneath the root, right now.
public struct PathEntry: Hashable, Sendable {
    public let kind: PathEntryKind
    public let node: FileNodeID
    /// The facts the readiness tracker compares (size, modification time, inode, ctime).
    public let facts: FileFacts
    /// When the file was created (nanoseconds), where the file system records it: a new file
    /// can get the inode number of one just removed, but not its birth time.
    public let birthNs: Int64?

    public init(kind: PathEntryKind, node: FileNodeID, facts: FileFacts, birthNs: Int64? = nil) {
        self.kind = kind
        self.node = node
        self.facts = facts
        self.birthNs = birthNs
    }
}
