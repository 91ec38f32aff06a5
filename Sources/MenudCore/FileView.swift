import MenudProtocol

/// One tracked file as `ReadinessTracker.forEachFile` shows it: the protocol's File members as
/// plain values, with the path as bytes, so visiting a file builds no `String`.
///
/// `pathBytes` is the tracker's reused buffer for the visit: copy it to keep it.
public struct FileView: Sendable {
    /// The exact bytes of the path relative to the root.
    public let pathBytes: [UInt8]
    public let size: Int64
    public let state: FileState
    public let mtimeMs: Int64
    /// When the file last changed, as the readiness rules count it.
    public let lastChangeMs: Int64
    /// Only for ready and expired files.
    public let readyAtMs: Int64?
    /// Only for ready and expired files when an expiry is configured.
    public let expiresAtMs: Int64?
    /// The change counter at the file's last change (the number in its `clock`).
    public let changeCounter: UInt64
    /// The index in the listing's `ReadinessSettingsEpoch.partialSuffixes` of the suffix the name
    /// ends with, if any.
    public let partialSuffixIndex: Int?
    /// Why the file is in its state.
    public let reason: FileReason

    public init(pathBytes: [UInt8], size: Int64, state: FileState, mtimeMs: Int64, lastChangeMs: Int64,
                readyAtMs: Int64?, expiresAtMs: Int64?, changeCounter: UInt64, partialSuffixIndex: Int?, reason: FileReason) {
        self.pathBytes = pathBytes
        self.size = size
        self.state = state
        self.mtimeMs = mtimeMs
        self.lastChangeMs = lastChangeMs
        self.readyAtMs = readyAtMs
        self.expiresAtMs = expiresAtMs
        self.changeCounter = changeCounter
        self.partialSuffixIndex = partialSuffixIndex
        self.reason = reason
    }
}
