import MenudProtocol

/// How many files are tracked, by state (`daemon.status`'s `files`).
public struct ReadinessCounts: Equatable, Hashable, Sendable {
    public var total: Int { pending + ready + expired }
    public var pending: Int
    public var ready: Int
    public var expired: Int

    public init(pending: Int = 0, ready: Int = 0, expired: Int = 0) {
        self.pending = pending
        self.ready = ready
        self.expired = expired
    }

    public subscript(state: FileState) -> Int {
        get {
            switch state {
            case .pending: pending
            case .ready: ready
            case .expired: expired
            }
        }
        set {
            switch state {
            case .pending: pending = newValue
            case .ready: ready = newValue
            case .expired: expired = newValue
            }
        }
    }
}
