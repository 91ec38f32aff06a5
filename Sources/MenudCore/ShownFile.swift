import MenudProtocol

/// One target file as a menu showed it: its exact name, which file the name stood for and the
/// state it was in. ``TargetCheck`` compares it with the file system when the action starts.
public struct ShownFile: Hashable, Sendable {
    /// The exact bytes of the path, relative to the root.
    public let path: RelativePath
    /// The device and inode the name stood for when the menu opened; `nil` when it could not be
    /// confirmed to be a regular file then (the action never runs on such a target).
    public let node: FileNodeID?
    /// The state the menu showed.
    public let state: FileState
    /// When that file was created (nanoseconds), where the file system records it.
    public let birthNs: Int64?

    public init(path: RelativePath, node: FileNodeID?, state: FileState, birthNs: Int64? = nil) {
        self.path = path
        self.node = node
        self.state = state
        self.birthNs = birthNs
    }
}
