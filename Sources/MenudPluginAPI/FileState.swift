/// Where a tracked file is in its life, as the wire protocol names it.
public enum FileState: String, Sendable, Hashable, CaseIterable, Codable {
    /// Being written: changed within the settle time, or named like a partial download.
    case pending
    /// Unchanged for the settle time: safe to read.
    case ready
    /// Ready for longer than the configured `expireAfter`.
    case expired

    /// The state as a person reads it in a menu: `"Ready"`, `"Pending"`, `"Expired"`.
    public var displayName: String {
        switch self {
        case .pending: "Pending"
        case .ready: "Ready"
        case .expired: "Expired"
        }
    }

    /// The color the protocol uses for this state's badge and status text.
    public var color: MenuColor {
        switch self {
        case .pending: .pending
        case .ready: .ready
        case .expired: .expired
        }
    }

    /// Whether the file's content is complete, so actions that read it may run
    /// (`ready` and `expired`; not `pending`).
    public var isComplete: Bool { self != .pending }
}
