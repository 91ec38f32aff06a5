/// `menuctl status [--json]`.
public struct StatusOptions: Sendable, Equatable {
    /// Print the raw `daemon.status` result instead of the summary.
    public var json: Bool

    public init(json: Bool = false) {
        self.json = json
    }
}
