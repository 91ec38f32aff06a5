import MenudCore

extension Daemon {
    /// Longest a change waits before subscribers hear of it; changes inside the window are
    /// coalesced into one notification (the protocol allows at most 200 ms).
    static let notifyWindowMs: UInt64 = 50
    /// Files per `files.changed` message, so one burst never makes a huge line.
    static let filesPerNotification = 500

    func noteChanged(_ paths: [RelativePath]) {
        guard !paths.isEmpty else { return }
        for path in paths {
            changedSinceNotify.insert(path)
            removedSinceNotify.remove(path)
        }
        filesDidChange(paths)
        armNotifyTimer()
    }

    func noteRemoved(_ paths: [RelativePath]) {
        guard !paths.isEmpty else { return }
        for path in paths {
            removedSinceNotify.insert(path)
            changedSinceNotify.remove(path)
        }
        filesDidChange(paths)
        armNotifyTimer()
    }

    private func armNotifyTimer() {
        guard !notifyTimer.isActive else { return }
        notifyTimer.start(afterMs: Daemon.notifyWindowMs) { [unowned self] in self.sendFileNotifications() }
    }

    private func sendFileNotifications() {
        let changed = changedSinceNotify.sorted()
        let removed = removedSinceNotify.sorted()
        changedSinceNotify.removeAll(keepingCapacity: true)
        removedSinceNotify.removeAll(keepingCapacity: true)
        if initialCrawlFinished { reportStatus() }
        let subscribers = connections.values.filter { $0.subscriptions.contains("files") }
        guard !subscribers.isEmpty else { return }
        var lines: [[UInt8]] = []
        let snapshots = changed.compactMap { tracker.snapshot(of: $0) }
        var start = 0
        while start < snapshots.count {
            let end = min(start + Daemon.filesPerNotification, snapshots.count)
            var writer = JSONWriter(reservingCapacity: 256 * (end - start) + 64)
            writer.beginObject()
            writer.key("files")
            writer.beginArray()
            for snapshot in snapshots[start..<end] { snapshot.write(to: &writer) }
            writer.endArray()
            writer.endObject()
            lines.append(notificationLine(method: "files.changed", encodedParams: writer.bytes))
            start = end
        }
        start = 0
        while start < removed.count {
            let end = min(start + Daemon.filesPerNotification, removed.count)
            var writer = JSONWriter(reservingCapacity: 64 * (end - start) + 64)
            writer.beginObject()
            writer.key("paths")
            writer.beginArray()
            for path in removed[start..<end] { writer.writeString(path.displayString) }
            writer.endArray()
            if removed[start..<end].contains(where: { !$0.isValidUTF8 }) {
                writer.key("pathsBase64")
                writer.beginArray()
                for path in removed[start..<end] { if path.isValidUTF8 { writer.write(.null) } else { writer.writeString(path.base64) } }
                writer.endArray()
            }
            writer.endObject()
            lines.append(notificationLine(method: "files.removed", encodedParams: writer.bytes))
            start = end
        }
        for connection in subscribers {
            for line in lines { write(line, to: connection) }
        }
    }

    func notificationLine(method: String, encodedParams: [UInt8]) -> [UInt8] {
        var line = Array(#"{"jsonrpc":"2.0","method":"#.utf8)
        var writer = JSONWriter(reservingCapacity: 32)
        writer.writeString(method)
        line.append(contentsOf: writer.bytes)
        line.append(contentsOf: Array(#","params":"#.utf8))
        line.append(contentsOf: encodedParams)
        line.append(contentsOf: [0x7D, 0x0A])
        return line
    }
}
