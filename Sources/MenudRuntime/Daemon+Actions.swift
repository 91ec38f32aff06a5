import Foundation
import MenudCore
import MenudLoop
import MenudPluginAPI

extension Daemon {
    /// `menu.dismissed`: the client took its menu off the screen. Only now is the chosen action
    /// acknowledged: it starts when no earlier action holds its files, off the loop, and the
    /// request is answered when it ends (or did not start: `-32023`, `-32031`).
    func menuDismissed(_ params: JSONObject, connection: ClientConnection, reply: ReplyTarget) throws -> HandlerResult {
        try params.rejectUnknownKeys(allowed: ["menu", "input"])
        guard let text = try params.optionalString("menu") else {
            throw RPCError.invalidParams(param: "menu", "menu is required: the id menu.open returned")
        }
        let menu = MenuID(rawValue: text)
        let input = try params.optionalString("input")
        let dismissal: MenuSessionDismissal
        do {
            dismissal = try menus.sessions.dismissed(menu: menu, input: input, by: ConnectionID(connection.id))
        } catch {
            throw RPCError(error)
        }
        guard case .run(let itemId, let givenInput) = dismissal else {
            menus.open[menu] = nil
            return .value(.object(["ran": .bool(false)]))
        }
        guard let open = menus.open.removeValue(forKey: menu), let resolved = open.items[itemId] else {
            throw RPCError.internalError("the menu \(menu) lost its item \(itemId); please report this with the daemon's log")
        }
        if isStopping {
            throw RPCError.busy(limit: "shutdown", "the daemon is shutting down and starts no new actions; try again once it is back")
        }
        let action = RunningAction(menu: menu, reply: reply, itemId: itemId, resolved: resolved, input: givenInput,
                                   limitMs: settings.actionTimeoutMs)
        let startNow: Bool
        do {
            startNow = try menus.scheduler.enqueue(menu, paths: resolved.lockPaths)
        } catch {
            throw RPCError(error)
        }
        menus.actions[menu] = action
        // The time limit runs from now: waiting for its turn counts.
        if let timer = try? LoopTimer(loop: loop) {
            action.timer = timer
            timer.start(afterMs: UInt64(action.limitMs)) { [unowned self, unowned action] in self.outOfTime(action) }
        }
        if startNow {
            start(action)
        } else {
            log.debug("the action for menu \(menu) waits for its turn (\(menus.scheduler.waitingCount) waiting)")
        }
        return .deferred
    }

    /// The time limit passed. A queued action leaves the queue unstarted; a running one is
    /// cancelled and its files are freed at once, even if its thread stays stuck (what it
    /// reports later is ignored). Either way what waited behind it may start now.
    private func outOfTime(_ action: RunningAction) {
        action.timer?.close()
        action.timer = nil
        let limit = DurationText.format(action.limitMs)
        let next: [MenuID]
        if action.task == nil {
            log.warning("the action for menu \(action.menu) waited longer than its time limit (\(limit)) for its turn; it does not run")
            menus.actions[action.menu] = nil
            next = (try? menus.scheduler.withdraw(action.menu)) ?? []
            answer(action, .failure(RPCError.actionTimedOutWaiting(action.title, limitMs: action.limitMs)))
        } else {
            log.warning("the action for menu \(action.menu) ran longer than its time limit (\(limit)); stopping it and freeing its files")
            action.stopped = true
            action.task?.cancel()
            next = (try? menus.scheduler.abandon(action.menu)) ?? []
            answer(action, .failure(RPCError.actionTimedOut(action.title, limitMs: action.limitMs)))
        }
        startWaiting(next)
        finishShutdownIfIdle()
    }

    static func findItem(_ id: String, in items: [MenuItem]) -> MenuItem? {
        for item in items {
            if item.id == id { return item }
            if let found = findItem(id, in: item.children) { return found }
        }
        return nil
    }

    func actionProgress(_ menu: MenuID, fraction: Double, message: String?) {
        guard let action = menus.actions[menu], !action.answered else { return }
        var writer = JSONWriter(reservingCapacity: 96)
        writer.beginObject()
        writer.key("menu"); writer.writeString(menu.rawValue)
        writer.key("fraction"); writer.writeDouble(fraction)
        if let message { writer.key("message"); writer.writeString(message) }
        writer.endObject()
        write(notificationLine(method: "action.progress", encodedParams: writer.bytes), to: action.reply.connection)
    }

    func actionFinished(_ menu: MenuID, _ result: Result<ActionOutcome, any Error>) {
        guard let action = menus.actions.removeValue(forKey: menu) else { return }
        action.timer?.close()
        action.timer = nil
        if action.stopped {
            log.info("the action for menu \(menu), stopped at its time limit, ended now; what it reported is ignored")
        } else {
            answer(action, action.outcome(result, daemonStopping: isStopping, log: log))
        }
        // The files (or, for a stopped action, its thread) are free: start what waited.
        startWaiting((try? menus.scheduler.finish(menu)) ?? [])
        finishShutdownIfIdle()
    }

    private func startWaiting(_ menusNowFree: [MenuID]) {
        for waiting in menusNowFree {
            if let queued = menus.actions[waiting] { start(queued) }
        }
    }

    /// Answers the client once (a time limit may have answered already).
    func answer(_ action: RunningAction, _ result: Result<HandlerResult, RPCError>) {
        guard !action.answered else { return }
        action.answered = true
        finish(action.reply, with: result)
    }

    /// At shutdown: queued actions never start and get a clear error; running ones get
    /// `shutdownGraceMs` to end before they are cancelled.
    func stopActions() {
        for action in menus.actions.values where action.task == nil {
            action.timer?.close()
            action.timer = nil
            answer(action, .failure(RPCError.actionFailed(message: "the daemon stopped before this action could start; nothing was done")))
            menus.actions[action.menu] = nil
        }
    }

    var runningActionCount: Int { menus.actions.count }
}
