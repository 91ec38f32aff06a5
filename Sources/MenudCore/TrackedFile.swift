import MenudProtocol

/// What the readiness tracker knows of a file right now: the facts it last observed and the
/// state it derived from them.
public struct TrackedFile: Hashable, Sendable {
    public let path: RelativePath
    public let facts: FileFacts
    public let state: FileState

    public init(path: RelativePath, facts: FileFacts, state: FileState) {
        self.path = path
        self.facts = facts
        self.state = state
    }
}
