import MenudCore
import MenudLoop
import MenudNative
import MenudPluginAPI
import MenudJSON
import MenudProtocol

/// The menus of every client: the one session table (each open menu carrying what its items
/// run), the expiry timer, closing menus whose files changed, and the handshake's steps
/// (`menu.open` through the plugin host and the assembler, `menu.select`, `menu.cancel`,
/// `menu.dismissed` handing the chosen item to the action runner).
final class MenuService: DaemonService, ConnectionListener, FileChangeListener {
    let name = "menus"
    var sessions: MenuSessionTable<OpenMenu>
    let log: Logger
    let clock: any Clock
    let files: any TrackedFiles
    /// Opens the root for one menu's look-ups, or says why not (gone, or no descriptor free).
    let openRoot: () -> Result<OpenedRoot, RootUnavailable>
    let host: PluginHost
    /// Reads the folder's files a page at a time for plugins (nil in tests that need none).
    let pager: DirectoryPager?
    let actions: any ActionQueue
    unowned let server: RPCServer
    var settings: DaemonSettings
    var plugins: PluginSet
    private let expiryTimer: any ScheduledTimer
    private var armedExpiryMs: Int64?
    /// Shortcut-key clashes already logged: each is logged once, not on every menu.
    var loggedKeyClashes: Set<String> = []

    init(configuration: DaemonConfiguration, log: Logger, clock: any Clock, scheduler: any LoopScheduler,
         files: any TrackedFiles, openRoot: @escaping () -> Result<OpenedRoot, RootUnavailable>, host: PluginHost,
         pager: DirectoryPager? = nil, actions: any ActionQueue, server: RPCServer) throws {
        settings = configuration.settings
        plugins = configuration.plugins
        sessions = MenuSessionTable(
            limits: MenuSessionLimits(menuExpireMs: settings.menuExpireMs,
                                      maxOpenMenusPerConnection: settings.maxOpenMenusPerConnection),
            clock: clock, randomSource: { RandomWords.shared.next() })
        self.log = log
        self.clock = clock
        self.files = files
        self.openRoot = openRoot
        self.host = host
        self.pager = pager
        self.actions = actions
        self.server = server
        expiryTimer = try scheduler.makeTimer()
    }

    func start() throws {}

    /// The session limits stay as they were at start; the rest applies to menus opened from now.
    func reload(_ configuration: DaemonConfiguration) {
        settings = configuration.settings
        plugins = configuration.plugins
    }

    func shutdown(graceMs: UInt64, done: @escaping () -> Void) { done() }

    // MARK: Steps

    func select(menu: MenuID, item: String, by connection: ConnectionID) throws -> HandlerResult {
        do {
            try sessions.select(menu: menu, item: item, by: connection)
        } catch {
            throw RPCError(error)
        }
        return .value(.object(["dismiss": .bool(true)]))
    }

    func cancel(menu: MenuID, by connection: ConnectionID) throws -> HandlerResult {
        do {
            try sessions.cancel(menu: menu, by: connection)
        } catch {
            throw RPCError(error)
        }
        return .value(.object(["closed": .bool(true)]))
    }

    /// `menu.dismissed`: the client took its menu off the screen. Only now is the chosen action
    /// acknowledged; the action runner answers when it ends (or did not start).
    func dismissed(menu: MenuID, input: String?, context: RequestContext) throws -> HandlerResult {
        let dismissal: MenuSessionDismissal
        let open: OpenMenu
        do {
            (dismissal, open) = try sessions.dismissedTakingPayload(menu: menu, input: input, by: context.connection)
        } catch {
            throw RPCError(error)
        }
        guard case .run(let itemId, let givenInput) = dismissal else {
            return .encoded(MenuDismissedResult.nothingRan.encoded)
        }
        guard let resolved = open.items[itemId] else {
            throw RPCError.internalError("the menu \(menu) lost its item \(itemId); please report this with the daemon's log")
        }
        return try actions.enqueue(menu: menu, itemId: itemId, resolved: resolved, input: givenInput, context: context)
    }

    // MARK: Lifetime

    /// Keeps one timer armed for the earliest menu expiry.
    func armMenuExpiry() {
        guard let next = sessions.nextExpiryMs else {
            expiryTimer.stop()
            armedExpiryMs = nil
            return
        }
        guard next != armedExpiryMs || !expiryTimer.isActive else { return }
        armedExpiryMs = next
        expiryTimer.start(afterMs: UInt64(max(0, next - clock.nowMs()))) { [unowned self] in
            armedExpiryMs = nil
            for expired in sessions.expireDue() {
                log.debug("menu \(expired.menu) expired unused")
            }
            armMenuExpiry()
        }
    }

    func connectionInputEnded(_ connection: ConnectionID) {
        if !sessions.connectionClosed(connection).isEmpty { armMenuExpiry() }
    }

    func connectionClosed(_ connection: ConnectionID) {
        sessions.connectionClosed(connection)
        armMenuExpiry()
    }

    func filesChanged(_ paths: [RelativePath]) { invalidateMenus(of: paths) }
    func filesRemoved(_ paths: [RelativePath]) { invalidateMenus(of: paths) }

    /// Closes menus whose files changed state or vanished, telling their owners. A new file,
    /// or new bytes in a file that stays in its state, leaves menus open.
    private func invalidateMenus(of paths: [RelativePath]) {
        guard !sessions.payloads.isEmpty else { return }
        var changes: [String: String] = [:]
        for menu in sessions.payloads.values {
            for path in paths where changes[path.displayString] == nil {
                guard let before = menu.statesAtOpen[path] else { continue }
                if let snapshot = files.snapshot(of: path) {
                    if snapshot.state != before {
                        changes[path.displayString] = "\(path.displayString) is now \(snapshot.state.rawValue) (was \(before.rawValue))"
                    }
                } else {
                    changes[path.displayString] = "\(path.displayString) was removed"
                }
            }
        }
        guard !changes.isEmpty else { return }
        for invalidation in sessions.invalidate(changes: changes) {
            var message: [UInt8] = []
            RPCEncoder.notification(MenuInvalidatedNotification(menu: invalidation.menu.rawValue, reason: invalidation.reason),
                                    into: &message, newline: false)
            server.send(message, to: invalidation.connection)
        }
    }
}
