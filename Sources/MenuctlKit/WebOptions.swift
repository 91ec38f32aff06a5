/// `menuctl web [--open]`.
public struct WebOptions: Sendable, Equatable {
    /// Also open the URL with `xdg-open`.
    public var open: Bool

    public init(open: Bool = false) {
        self.open = open
    }
}
