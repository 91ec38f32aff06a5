/// A menu closed because its target changed: send `menu.invalidated {menu, reason}` to
/// ``connection``.
public struct MenuSessionInvalidation: Hashable, Sendable {
    /// The closed menu.
    public let menu: MenuID
    /// The connection that owned it.
    public let connection: ConnectionID
    /// The changed path that caused it.
    public let path: String
    /// Why, in words a person reads.
    public let reason: String

    /// An invalidation record.
    public init(menu: MenuID, connection: ConnectionID, path: String, reason: String) {
        self.menu = menu
        self.connection = connection
        self.path = path
        self.reason = reason
    }
}
