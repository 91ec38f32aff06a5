/// A menu closed because it was neither dismissed nor cancelled within `menuExpireMs`.
public struct MenuSessionExpiry: Hashable, Sendable {
    /// The closed menu.
    public let menu: MenuID
    /// The connection that owned it.
    public let connection: ConnectionID

    /// An expiry record.
    public init(menu: MenuID, connection: ConnectionID) {
        self.menu = menu
        self.connection = connection
    }
}
