/// The colored square at the start of a row that shows a file's state at a glance.
public enum Badge: String, Sendable, Hashable, CaseIterable {
    /// Green (`#2B7847`).
    case ready
    /// Red (`#8C2424`).
    case pending
    /// Amber (`#9A6700`).
    case expired

    /// The badge for a file in `state`.
    public init(_ state: FileState) {
        switch state {
        case .ready: self = .ready
        case .pending: self = .pending
        case .expired: self = .expired
        }
    }

    /// The badge's fill color.
    public var color: MenuColor {
        switch self {
        case .ready: .ready
        case .pending: .pending
        case .expired: .expired
        }
    }
}
