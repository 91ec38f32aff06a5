import MenudProtocol

/// A target file found to be what the menu showed, as it is now: the file an action may use.
public struct CheckedFile: Hashable, Sendable {
    public let path: RelativePath
    public let node: FileNodeID
    /// The state now. A file whose facts on disk differ from the tracker's last observation is
    /// being changed right now, so it counts as pending even before the tracker hears of it.
    public let state: FileState
    public let size: Int64
    public let mtimeMs: Int64
    /// Its birth time (nanoseconds), where the file system records it.
    public let birthNs: Int64?

    public init(path: RelativePath, node: FileNodeID, state: FileState, size: Int64, mtimeMs: Int64, birthNs: Int64? = nil) {
        self.path = path
        self.node = node
        self.state = state
        self.size = size
        self.mtimeMs = mtimeMs
        self.birthNs = birthNs
    }
}
