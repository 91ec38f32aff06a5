import MenudProtocol

/// Why a file is in its state, as the protocol's `reason` text says it, kept as data so a writer
/// can cache the texts that are the same for many files.
public enum FileReason: Equatable, Hashable, Sendable {
    /// Pending because the name ends with `settings.partialSuffixes[suffixIndex]`.
    case partialDownloadName(suffixIndex: Int)
    /// Pending: changed this long ago, within the settle time.
    case changed(agoMs: Int64)
    /// Ready (or expired with no expiry configured): unchanged for this long.
    case unchanged(forMs: Int64)
    /// Expired: ready for longer than the configured `expireAfter`.
    case readyLonger(thanMs: Int64)

    /// The reason for a file in `state`, last changed at `lastChangeMs`, seen at `nowMs`.
    public init(state: FileState, lastChangeMs: Int64, partialSuffixIndex: Int?, settings: ReadinessSettings, nowMs: Int64) {
        let sinceChange = max(0, nowMs &- lastChangeMs)
        switch state {
        case .pending:
            if let partialSuffixIndex {
                self = .partialDownloadName(suffixIndex: partialSuffixIndex)
            } else {
                self = .changed(agoMs: sinceChange)
            }
        case .ready:
            self = .unchanged(forMs: sinceChange)
        case .expired:
            if let expireAfter = settings.expireAfterMs {
                self = .readyLonger(thanMs: expireAfter)
            } else {
                self = .unchanged(forMs: sinceChange)
            }
        }
    }

    /// The text for people: `"changed 120 ms ago"`, `"partial-download name (.part)"`,
    /// `"unchanged for 2 s"`, `"ready for more than 7 d"`.
    public func text(partialSuffixes: [String]) -> String {
        switch self {
        case .partialDownloadName(let index): "partial-download name (\(partialSuffixes[index]))"
        case .changed(let ms): "changed \(DurationText.format(ms)) ago"
        case .unchanged(let ms): "unchanged for \(DurationText.format(ms))"
        case .readyLonger(let ms): "ready for more than \(DurationText.format(ms))"
        }
    }
}
