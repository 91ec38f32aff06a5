/// The protocol's File object: one tracked file at one moment. The daemon writes it with
/// `FileObjectWriter` (straight from the tracker's records); a client reads it with
/// `init(from:)`.
public struct FileSnapshot: Equatable, Hashable, Sendable {
    public var path: RelativePath
    public var size: Int64
    /// `size` as `ByteCountFormatter` writes it in its `.file` style.
    public var sizeText: String
    public var state: FileState
    public var mtimeMs: Int64
    /// When the file became ready; only for ready and expired files.
    public var readyAtMs: Int64?
    /// When the file expires (or expired); only when an expiry is configured and the file is
    /// ready or expired. A pending file has no `expiresAtMs`: its expiry counts from a readiness
    /// that has not happened yet.
    public var expiresAtMs: Int64?
    /// Why the file is in its state, for a person: `"changed 120 ms ago"`.
    public var reason: String
    /// The change clock at the file's last change, `"<instance>:<counter>"`.
    public var clock: String

    public init(path: RelativePath, size: Int64, sizeText: String, state: FileState, mtimeMs: Int64,
                readyAtMs: Int64?, expiresAtMs: Int64?, reason: String, clock: String) {
        self.path = path
        self.size = size
        self.sizeText = sizeText
        self.state = state
        self.mtimeMs = mtimeMs
        self.readyAtMs = readyAtMs
        self.expiresAtMs = expiresAtMs
        self.reason = reason
        self.clock = clock
    }
}
