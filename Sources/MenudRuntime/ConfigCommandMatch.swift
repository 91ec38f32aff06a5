import MenudCore

/// Which files a command is offered for; every given condition must hold.
public struct ConfigCommandMatch: Sendable, Equatable {
    /// The file path matches this glob.
    public var glob: GlobPattern?
    /// The file's MIME type matches: `"video/mp4"`, `"video/*"` or `"*/*"` (lowercase).
    public var mime: String?
    /// The file is in one of these states; nil for any state.
    public var states: Set<FileState>?
    /// Size bounds in bytes, inclusive.
    public var minSize: Int64?
    public var maxSize: Int64?
    /// How many selected files the command takes at once.
    public var count: ConfigFileCount

    public init(glob: GlobPattern? = nil, mime: String? = nil, states: Set<FileState>? = nil,
                minSize: Int64? = nil, maxSize: Int64? = nil, count: ConfigFileCount = .one) {
        self.glob = glob
        self.mime = mime
        self.states = states
        self.minSize = minSize
        self.maxSize = maxSize
        self.count = count
    }
}
