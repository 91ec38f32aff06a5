/// One open menu, as ``MenuSessionTable`` keeps it.
public struct MenuSession: Hashable, Sendable {
    /// The menu's id.
    public let id: MenuID
    /// The connection that opened it and alone may use it.
    public let connection: ConnectionID
    /// What it depends on.
    public let target: MenuSessionTarget
    /// Its items by id.
    public let items: [String: MenuSessionItem]
    /// When it was opened (ms since 1970).
    public let openedAtMs: Int64
    /// When it expires unless dismissed or cancelled first (ms since 1970).
    public let expiresAtMs: Int64
    /// Open, or an item selected.
    public internal(set) var state: MenuSessionState
    /// Order of opening, for deterministic results.
    let serial: UInt64
}
