/// The handshake's limits.
public struct MenuSessionLimits: Hashable, Sendable {
    /// How long a menu stays open without being dismissed (`menuExpireMs`, default 60 000).
    public let menuExpireMs: Int64
    /// How many menus one connection may hold open at once (`maxOpenMenusPerConnection`,
    /// default 16). One more gets ``MenuSessionError/busy(limit:value:)``.
    public let maxOpenMenusPerConnection: Int
    /// How many closed menus are remembered (each for `menuExpireMs` after closing) so a late
    /// step gets a precise error (`MenuInvalidated`, or "was already dismissed") instead of a
    /// bare "not found" (default 1024; the oldest are forgotten first).
    public let closedMenusRemembered: Int

    /// Limits; every value must be positive.
    public init(menuExpireMs: Int64 = 60_000, maxOpenMenusPerConnection: Int = 16, closedMenusRemembered: Int = 1024) {
        precondition(menuExpireMs > 0, "menuExpireMs must be positive")
        precondition(maxOpenMenusPerConnection > 0, "maxOpenMenusPerConnection must be positive")
        precondition(closedMenusRemembered >= 0, "closedMenusRemembered must not be negative")
        self.menuExpireMs = menuExpireMs
        self.maxOpenMenusPerConnection = maxOpenMenusPerConnection
        self.closedMenusRemembered = closedMenusRemembered
    }
}
