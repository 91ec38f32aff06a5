import MenuLayout
import MenudCore
import MenudProtocol

extension BadgeKind {
    /// The badge of a file in `state`.
    init(state: FileState) {
        switch state {
        case .ready: self = .ready
        case .pending: self = .pending
        case .expired: self = .expired
        }
    }
}
