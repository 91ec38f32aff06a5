import Foundation
import MenudCore
import MenudLoop
import MenudPluginAPI

extension Daemon {
    /// `menu.dismissed`: the client took its menu off the screen. Only now does the chosen
    /// action run, off the loop; the request is answered when it ends.
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
        let action = RunningAction(menu: menu, reply: reply, itemId: itemId, resolved: resolved, input: givenInput)
        let startNow: Bool
        do {
            startNow = try menus.scheduler.enqueue(menu, paths: action.paths)
        } catch {
            throw RPCError(error)
        }
        menus.actions[menu] = action
        if startNow { start(action) }
        return .deferred
    }

    private func start(_ action: RunningAction) {
        let inbox = self.inbox!
        let menu = action.menu
        let resolved = action.resolved
        let log = self.log
        let context = ActionContext(
            files: resolved.files, root: settings.root, rootDirectory: rootDirectory, input: action.input,
            progress: ProgressReporter { fraction, message in
                inbox.post(.completion(LoopCompletion { daemon in daemon.actionProgress(menu, fraction: fraction, message: message) }))
            },
            log: PluginLogger { level, message in
                let name = resolved.plugin.isEmpty ? "menud" : resolved.plugin
                switch level {
                case .info: log.info("\(name): \(message)")
                case .warning: log.warning("\(name): \(message)")
                case .error: log.error("\(name): \(message)")
                }
            },
            processes: launcher)
        let plugin = resolved.defaultAction.flatMap { plugins.plugin(named: $0.plugin) }
        let root = settings.root
        log.info("running \(resolved.plugin.isEmpty ? "the default action" : resolved.plugin + "." + resolved.item.id) (\"\(resolved.item.title)\") for menu \(menu) on \(resolved.files.count == 1 ? resolved.files[0].path : "\(resolved.files.count) files")")
        action.task = Task.detached {
            let result: Result<ActionOutcome, any Error>
            do {
                if let defaultAction = resolved.defaultAction {
                    // A directory-menu row runs its file's default action, found now.
                    guard let plugin else {
                        throw ActionFailure("the default action \(defaultAction.plugin).\(defaultAction.itemId) names no enabled plugin; fix defaultFileAction in the config")
                    }
                    let items = try await plugin.items(for: MenuTarget(kind: .file, files: resolved.files, root: root))
                    guard let item = Daemon.findItem(defaultAction.itemId, in: items), let perform = item.action, !item.isDisabled else {
                        throw ActionFailure("\(defaultAction.plugin).\(defaultAction.itemId) is not available for \(resolved.files.first?.path ?? "this file")")
                    }
                    result = .success(try await perform(context))
                } else if let perform = resolved.item.action {
                    result = .success(try await perform(context))
                } else {
                    throw ActionFailure("this item has no action")
                }
            } catch {
                result = .failure(error)
            }
            inbox.post(.completion(LoopCompletion { daemon in daemon.actionFinished(menu, result) }))
        }
        if let timer = try? LoopTimer(loop: loop) {
            action.timer = timer
            timer.start(afterMs: UInt64(settings.actionTimeoutMs)) { [unowned self, unowned action] in
                self.log.warning("the action for menu \(action.menu) ran longer than actionTimeout (\(DurationText.format(self.settings.actionTimeoutMs))); stopping it")
                action.task?.cancel()
                self.answer(action, .failure(RPCError.actionTimedOut(action.resolved.item.title, limitMs: self.settings.actionTimeoutMs)))
            }
        }
    }

    static func findItem(_ id: String, in items: [MenuItem]) -> MenuItem? {
        for item in items {
            if item.id == id { return item }
            if let found = findItem(id, in: item.children) { return found }
        }
        return nil
    }

    private func actionProgress(_ menu: MenuID, fraction: Double, message: String?) {
        guard let action = menus.actions[menu], !action.answered else { return }
        var writer = JSONWriter(reservingCapacity: 96)
        writer.beginObject()
        writer.key("menu"); writer.writeString(menu.rawValue)
        writer.key("fraction"); writer.writeDouble(fraction)
        if let message { writer.key("message"); writer.writeString(message) }
        writer.endObject()
        write(notificationLine(method: "action.progress", encodedParams: writer.bytes), to: action.reply.connection)
    }

    private func actionFinished(_ menu: MenuID, _ result: Result<ActionOutcome, any Error>) {
        guard let action = menus.actions.removeValue(forKey: menu) else { return }
        action.timer?.close()
        action.timer = nil
        switch result {
        case .success(let outcome):
            var writer = JSONWriter(reservingCapacity: 256)
            writer.beginObject()
            writer.key("ran"); writer.write(.bool(true))
            writer.key("item"); writer.writeString(action.itemId)
            writer.key("outcome")
            writer.beginObject()
            if let message = outcome.message { writer.key("message"); writer.writeString(message) }
            if let output = outcome.output { writer.key("output"); writer.writeString(output) }
            writer.endObject()
            writer.endObject()
            log.info("action for menu \(menu) done\(outcome.message.map { ": " + $0 } ?? "")")
            answer(action, .success(.encoded(writer.bytes)))
        case .failure(let error):
            let rpcError: RPCError
            if let failure = error as? ActionFailure {
                rpcError = failure.timedOut
                    ? RPCError.actionTimedOut(action.resolved.item.title, limitMs: nil)
                    : RPCError.actionFailed(message: failure.message, exitCode: failure.exitCode, stderrTail: failure.stderrTail)
            } else if error is CancellationError {
                rpcError = isStopping
                    ? RPCError.actionFailed(message: "the daemon stopped while the action ran")
                    : RPCError.actionTimedOut(action.resolved.item.title, limitMs: settings.actionTimeoutMs)
            } else {
                rpcError = RPCError.actionFailed(message: "\(error)")
            }
            log.info("action for menu \(menu) failed: \(rpcError.message)")
            answer(action, .failure(rpcError))
        }
        // The files are free: start what waited for them.
        let next = (try? menus.scheduler.finish(menu)) ?? []
        for waiting in next {
            if let queued = menus.actions[waiting] { start(queued) }
        }
        finishShutdownIfIdle()
    }

    /// Answers the client once (a time limit may have answered already).
    private func answer(_ action: RunningAction, _ result: Result<HandlerResult, RPCError>) {
        guard !action.answered else { return }
        action.answered = true
        finish(action.reply, with: result)
    }

    /// At shutdown: queued actions never start and get a clear error; running ones get
    /// `shutdownGraceMs` to end before they are cancelled.
    func stopActions() {
        for action in menus.actions.values where action.task == nil {
            answer(action, .failure(RPCError.actionFailed(message: "the daemon stopped before this action could start; nothing was done")))
            menus.actions[action.menu] = nil
        }
    }

    var runningActionCount: Int { menus.actions.count }
}
