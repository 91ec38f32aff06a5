/// How many of a folder's files are in each state, without listing them: what a directory
/// menu's items show ("12 files"), taken once when the menu opens (and again when an action
/// starts).
public struct TargetFileCounts: Sendable, Hashable {
    /// Files being written.
    public let pending: Int
    /// Files safe to read.
    public let ready: Int
    /// Files ready for longer than the configured expiry.
    public let expired: Int

    /// Counts of each state.
    public init(pending: Int = 0, ready: Int = 0, expired: Int = 0) {
        self.pending = pending
        self.ready = ready
        self.expired = expired
    }

    /// The counts of `files`' states.
    public init(of files: some Sequence<TargetFile>) {
        var counts = [0, 0, 0]
        for file in files {
            switch file.state {
            case .pending: counts[0] += 1
            case .ready: counts[1] += 1
            case .expired: counts[2] += 1
            }
        }
        self.init(pending: counts[0], ready: counts[1], expired: counts[2])
    }

    /// Every file, whatever its state.
    public var total: Int { pending + ready + expired }

    /// How many files are in `state`.
    public subscript(state: FileState) -> Int {
        switch state {
        case .pending: pending
        case .ready: ready
        case .expired: expired
        }
    }
}
