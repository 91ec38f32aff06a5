extension MenuSessionTable where Payload == Void {
    /// Opens a menu that carries nothing besides its items; see ``open(connection:target:items:payload:)``.
    public mutating func open(
        connection: ConnectionID, target: MenuSessionTarget, items: [MenuSessionItem]
    ) throws(MenuSessionError) -> MenuSession {
        try open(connection: connection, target: target, items: items, payload: ())
    }

    /// Opens a menu over the files at `targetPaths`; see ``open(connection:target:items:payload:)``.
    public mutating func open(
        connection: ConnectionID, targetPaths: [String], items: [MenuSessionItem]
    ) throws(MenuSessionError) -> MenuSession {
        try open(connection: connection, target: .paths(targetPaths), items: items, payload: ())
    }
}
