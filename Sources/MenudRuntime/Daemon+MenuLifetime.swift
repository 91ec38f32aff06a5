import MenudCore
import MenudLoop

extension Daemon {
    // MARK: Menu lifetime

    /// Keeps one timer armed for the earliest menu expiry.
    func armMenuExpiry() {
        guard let next = menus.sessions.nextExpiryMs else {
            menus.expiryTimer.stop()
            menus.armedExpiryMs = nil
            return
        }
        guard next != menus.armedExpiryMs || !menus.expiryTimer.isActive else { return }
        menus.armedExpiryMs = next
        menus.expiryTimer.start(afterMs: UInt64(max(0, next - clock.nowMs()))) { [unowned self] in
            menus.armedExpiryMs = nil
            for expired in menus.sessions.expireDue() {
                menus.open[expired.menu] = nil
                log.debug("menu \(expired.menu) expired unused")
            }
            armMenuExpiry()
        }
    }

    func connectionClosed(_ connection: ClientConnection) {
        for menu in menus.sessions.connectionClosed(ConnectionID(connection.id)) {
            menus.open[menu] = nil
        }
        for build in menus.builds.values where build.reply.connection === connection {
            menus.builds[build.id] = nil
            build.timer?.close()
            for task in build.tasks { task.cancel() }
        }
        armMenuExpiry()
    }

    /// Closes menus whose files changed state or vanished, telling their owners. A new file,
    /// or new bytes in a file that stays in its state, leaves menus open.
    func filesDidChange(_ paths: [RelativePath]) {
        guard !menus.open.isEmpty else { return }
        var changes: [String: String] = [:]
        for menu in menus.open.values {
            for path in paths where changes[path.displayString] == nil {
                guard let before = menu.statesAtOpen[path] else { continue }
                if let snapshot = tracker.snapshot(of: path) {
                    if snapshot.state != before {
                        changes[path.displayString] = "\(path.displayString) is now \(snapshot.state.rawValue) (was \(before.rawValue))"
                    }
                } else {
                    changes[path.displayString] = "\(path.displayString) was removed"
                }
            }
        }
        guard !changes.isEmpty else { return }
        for invalidation in menus.sessions.invalidate(changes: changes) {
            guard let menu = menus.open.removeValue(forKey: invalidation.menu) else { continue }
            var writer = JSONWriter(reservingCapacity: 128)
            writer.beginObject()
            writer.key("menu"); writer.writeString(invalidation.menu.rawValue)
            writer.key("reason"); writer.writeString(invalidation.reason)
            writer.endObject()
            write(notificationLine(method: "menu.invalidated", encodedParams: writer.bytes), to: menu.connection)
        }
    }
}
