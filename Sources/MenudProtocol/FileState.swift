/// Where a tracked file stands (the protocol's `state`).
public enum FileState: String, Sendable, Hashable, CaseIterable, Codable {
    /// Being written: changed within the settle time, or named like a partial download.
    case pending
    /// Unchanged for the settle time.
    case ready
    /// Ready for longer than `expireAfter`, when that is set.
    case expired
}
