/// The dismissal handshake of the wire protocol, as a pure state machine.
///
/// `menu.open` → ``open(connection:target:items:)``; `menu.select` → ``select(menu:item:by:)``;
/// `menu.dismissed` → ``dismissed(menu:input:by:)``, which says whether to run an action (at most
/// once); `menu.cancel` → ``cancel(menu:by:)``. A closing connection → ``connectionClosed(_:)``;
/// file changes → ``invalidate(changes:)``; a timer at ``nextExpiryMs`` → ``expireDue()``.
///
/// A menu belongs to the connection that opened it: to every other connection it does not exist.
/// Menus past their expiry count as expired even before ``expireDue()`` runs. The table never
/// runs anything; it tells the caller what may run.
///
/// Each open menu carries a `Payload`: what the caller needs to act on it (the daemon keeps each
/// item's action there). It lives and goes with its menu, so no second map is kept in step.
public struct MenuSessionTable<Payload: Sendable>: Sendable {
    /// The limits in force.
    public let limits: MenuSessionLimits
    let clock: any Clock
    private let randomSource: @Sendable () -> UInt32
    private var counter: UInt64 = 0
    private var sessions: [MenuID: MenuSession] = [:]
    /// The payload of every open menu (the same keys as `sessions`).
    public private(set) var payloads: [MenuID: Payload] = [:]
    private var openCounts: [ConnectionID: Int] = [:]
    private var menusByPath: [String: Set<MenuID>] = [:]
    private var directoryMenus: Set<MenuID> = []
    var tombstones: [MenuID: MenuSessionTombstone] = [:]
    /// Tombstone ids in the order they were made (which is also the order they are forgotten),
    /// each with when it is forgotten: the due ones are found without looking them up.
    /// Entries before `tombstoneHead` are gone.
    var tombstoneOrder: [(menu: MenuID, forgetAtMs: Int64)] = []
    var tombstoneHead = 0

    /// An empty table. `randomSource` supplies the random part of menu ids.
    public init(
        limits: MenuSessionLimits = MenuSessionLimits(), clock: any Clock,
        randomSource: @escaping @Sendable () -> UInt32 = { UInt32.random(in: .min ... .max) }
    ) {
        self.limits = limits
        self.clock = clock
        self.randomSource = randomSource
    }

    // MARK: - Queries

    /// How many menus are open, on all connections.
    public var openMenuCount: Int { sessions.count }

    /// How many menus `connection` holds open.
    public func openMenuCount(for connection: ConnectionID) -> Int { openCounts[connection] ?? 0 }

    /// The open menu `menu` if `connection` owns it and it has not expired.
    public func session(_ menu: MenuID, for connection: ConnectionID) -> MenuSession? {
        guard let session = sessions[menu], session.connection == connection,
            clock.nowMs() < session.expiresAtMs
        else { return nil }
        return session
    }

    /// When the earliest open menu expires (ms since 1970), for the caller's timer; `nil` when
    /// no menu is open.
    public var nextExpiryMs: Int64? {
        sessions.values.lazy.map(\.expiresAtMs).min()
    }

    // MARK: - Steps

    /// Opens a menu for `connection` over `target` with `items` (submenu children included)
    /// and returns it. Throws ``MenuSessionError/busy(limit:value:)`` when the connection
    /// already holds `maxOpenMenusPerConnection` menus.
    public mutating func open(
        connection: ConnectionID, target: MenuSessionTarget, items: [MenuSessionItem], payload: Payload
    ) throws(MenuSessionError) -> MenuSession {
        forgetOldTombstones()
        let count = openMenuCount(for: connection)
        if count >= limits.maxOpenMenusPerConnection {
            reapExpired(of: connection)
        }
        guard openMenuCount(for: connection) < limits.maxOpenMenusPerConnection else {
            throw .busy(limit: "maxOpenMenusPerConnection", value: limits.maxOpenMenusPerConnection)
        }
        // Sized once: grown an item at a time it was copied into a larger table several times.
        var byID = [String: MenuSessionItem](minimumCapacity: items.count)
        for item in items {
            guard byID.updateValue(item, forKey: item.id) == nil else { throw .duplicateItemID(item.id) }
        }
        counter += 1
        let id = MenuID(counter: counter, random: randomSource())  // the counter alone makes it unique
        let now = clock.nowMs()
        let session = MenuSession(
            id: id, connection: connection, target: target, items: byID, openedAtMs: now,
            expiresAtMs: now + limits.menuExpireMs, state: .open, serial: counter)
        sessions[id] = session
        payloads[id] = payload
        openCounts[connection, default: 0] += 1
        switch target {
        case .directory:
            directoryMenus.insert(id)
        case .paths(let paths):
            if paths.count == 1 {
                menusByPath[paths[0], default: []].insert(id)  // nothing to deduplicate
            } else {
                for path in Set(paths) { menusByPath[path, default: []].insert(id) }
            }
        }
        return session
    }

    /// The payload of `menu` while it is open (on whichever connection).
    public func payload(of menu: MenuID) -> Payload? { payloads[menu] }

    /// Records that the person chose `item` in `menu`. Nothing runs yet. Returns the item.
    ///
    /// Errors: menuNotFound (unknown, closed, expired, other connection), menuInvalidated,
    /// itemNotFound, itemDisabled (disabled or has children), menuState (already selected).
    @discardableResult
    public mutating func select(menu: MenuID, item: String, by connection: ConnectionID) throws(MenuSessionError)
        -> MenuSessionItem
    {
        var session = try liveSession(menu, for: connection)
        guard let chosen = session.items[item] else { throw .itemNotFound(menu: menu, item: item) }
        if case .selected(let earlier) = session.state {
            throw .menuState(
                menu: menu,
                detail: "item \"\(earlier)\" is already selected; send menu.dismissed to run it or menu.cancel to drop it")
        }
        guard chosen.isSelectable else {
            throw .itemDisabled(menu: menu, item: item, isSubmenu: chosen.isSubmenu)
        }
        session.state = .selected(item)
        sessions[menu] = session
        return chosen
    }

    /// The client has taken `menu` off the screen. Closes it and says whether to run the
    /// selected item's action: ``MenuSessionDismissal/run(item:input:)`` is returned at most once
    /// per menu, because the menu is closed from then on.
    ///
    /// When the selected item needs input and `input` is `nil`, throws `inputRequired` and
    /// leaves the menu as it was, so the client can send `menu.dismissed` again with input.
    public mutating func dismissed(menu: MenuID, input: String?, by connection: ConnectionID) throws(MenuSessionError)
        -> MenuSessionDismissal
    {
        let session = try liveSession(menu, for: connection)
        switch session.state {
        case .open:
            close(session, as: .dismissed)
            return .nothingSelected
        case .selected(let item):
            let needsInput = session.items[item]?.needsInput ?? false
            if needsInput && input == nil {
                throw .inputRequired(menu: menu, item: item)
            }
            close(session, as: .dismissed)
            return .run(item: item, input: needsInput ? input : nil)
        }
    }

    /// ``dismissed(menu:input:by:)``, also handing back the menu's payload (the menu is closed
    /// once this returns, and its payload with it).
    public mutating func dismissedTakingPayload(menu: MenuID, input: String?, by connection: ConnectionID)
        throws(MenuSessionError) -> (dismissal: MenuSessionDismissal, payload: Payload)
    {
        let payload = payloads[menu]
        let dismissal = try dismissed(menu: menu, input: input, by: connection)
        // A dismissal that did not throw found the menu open, so its payload was there.
        guard let payload else { preconditionFailure("menu \(menu) was open without its payload") }
        return (dismissal, payload)
    }

    /// Closes `menu` without running anything.
    public mutating func cancel(menu: MenuID, by connection: ConnectionID) throws(MenuSessionError) {
        let session = try liveSession(menu, for: connection)
        close(session, as: .cancelled)
    }

    /// Forgets every menu of a closed connection; none of them will ever run. Returns their ids.
    @discardableResult
    public mutating func connectionClosed(_ connection: ConnectionID) -> [MenuID] {
        let owned = sessions.values.filter { $0.connection == connection }.sorted { $0.serial < $1.serial }
        for session in owned {
            remove(session)
        }
        openCounts[connection] = nil
        tombstones = tombstones.filter { $0.value.connection != connection }
        return owned.map(\.id)
    }

    /// Closes every open menu whose target is among the changed paths (`path → reason`, such as
    /// `"intro.mp4 was removed"`); directory menus close on any change. Returns one entry per
    /// closed menu, in the order the menus were opened, for `menu.invalidated` notifications.
    /// Later steps on those menus get `menuInvalidated`.
    public mutating func invalidate(changes: [String: String]) -> [MenuSessionInvalidation] {
        guard !changes.isEmpty else { return [] }
        forgetOldTombstones()
        var hit: [MenuID: String] = [:]  // menu → triggering path
        for (path, _) in changes {
            for menu in menusByPath[path] ?? [] {
                if let earlier = hit[menu], earlier.utf8.lexicographicallyPrecedes(path.utf8) { continue }
                hit[menu] = path
            }
        }
        if !directoryMenus.isEmpty {
            let first = changes.keys.min { $0.utf8.lexicographicallyPrecedes($1.utf8) }!
            for menu in directoryMenus { hit[menu] = first }
        }
        let closed = hit.compactMap { menu, path in sessions[menu].map { ($0, path) } }
            .sorted { $0.0.serial < $1.0.serial }
        return closed.map { session, path in
            let reason = changes[path] ?? "\(path) changed"
            close(session, as: .invalidated(reason))
            return MenuSessionInvalidation(menu: session.id, connection: session.connection, path: path, reason: reason)
        }
    }

    /// Closes every menu whose time is up and returns them, in the order they were opened.
    /// Call it when the timer set for ``nextExpiryMs`` fires (calling it at other times is harmless).
    public mutating func expireDue() -> [MenuSessionExpiry] {
        forgetOldTombstones()
        let now = clock.nowMs()
        let due = sessions.values.filter { $0.expiresAtMs <= now }.sorted { $0.serial < $1.serial }
        for session in due {
            close(session, as: .expired)
        }
        return due.map { MenuSessionExpiry(menu: $0.id, connection: $0.connection) }
    }

    // MARK: - Internals

    /// The open, unexpired menu `menu` of `connection`, or the error a step on it gets.
    private mutating func liveSession(_ menu: MenuID, for connection: ConnectionID) throws(MenuSessionError)
        -> MenuSession
    {
        forgetOldTombstones()
        if let session = sessions[menu], session.connection == connection {
            guard clock.nowMs() < session.expiresAtMs else {
                close(session, as: .expired)
                throw .menuNotFound(menu: menu, detail: expiredDetail)
            }
            return session
        }
        if let tombstone = tombstones[menu], tombstone.connection == connection {
            switch tombstone.closure {
            case .invalidated(let reason): throw .menuInvalidated(menu: menu, reason: reason)
            case .dismissed: throw .menuNotFound(menu: menu, detail: "it was already dismissed")
            case .cancelled: throw .menuNotFound(menu: menu, detail: "it was cancelled")
            case .expired: throw .menuNotFound(menu: menu, detail: expiredDetail)
            }
        }
        throw .menuNotFound(menu: menu, detail: "no menu with this id is open on this connection")
    }

    private var expiredDetail: String {
        "it expired after \(limits.menuExpireMs) ms without being dismissed"
    }

    private mutating func reapExpired(of connection: ConnectionID) {
        let now = clock.nowMs()
        for session in sessions.values where session.connection == connection && session.expiresAtMs <= now {
            close(session, as: .expired)
        }
    }

    private mutating func close(_ session: MenuSession, as closure: MenuSessionClosure) {
        remove(session)
        guard limits.closedMenusRemembered > 0 else { return }
        tombstones[session.id] = MenuSessionTombstone(connection: session.connection, closure: closure)
        tombstoneOrder.append((session.id, clock.nowMs() + limits.menuExpireMs))
        while tombstones.count > limits.closedMenusRemembered, tombstoneHead < tombstoneOrder.count {
            tombstones[tombstoneOrder[tombstoneHead].menu] = nil
            tombstoneHead += 1
        }
        compactTombstoneOrder()
    }

    private mutating func remove(_ session: MenuSession) {
        sessions[session.id] = nil
        payloads[session.id] = nil
        if let count = openCounts[session.connection] {
            openCounts[session.connection] = count > 1 ? count - 1 : nil
        }
        switch session.target {
        case .directory:
            directoryMenus.remove(session.id)
        case .paths(let paths):
            if paths.count == 1 {
                forget(session.id, under: paths[0])  // nothing to deduplicate
            } else {
                for path in Set(paths) { forget(session.id, under: path) }
            }
        }
    }

    private mutating func forget(_ menu: MenuID, under path: String) {
        menusByPath[path]?.remove(menu)
        if menusByPath[path]?.isEmpty == true { menusByPath[path] = nil }
    }
}
