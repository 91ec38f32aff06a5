import MenudCore
import MenudLoop
import MenudJSON
import MenudProtocol

/// `files.changed` and `files.removed` for subscribed clients. Changes are coalesced: the first
/// change arms a timer for ``windowMs`` and everything until it fires goes out together, so a
/// change is reported at most ``windowMs`` after it happened (the protocol promises 200 ms),
/// however long a burst lasts. A burst is split into messages of ``filesPerMessage`` files.
final class NotifierService: DaemonService, FileChangeListener {
    let name = "notifier"
    /// How long changes are gathered before subscribers hear of them.
    static let windowMs: UInt64 = 50
    /// The protocol's bound on how late a change may be reported.
    static let maxDelayMs: UInt64 = 200
    /// Files per message, so one burst never makes a huge line.
    static let filesPerMessage = 500

    private let files: any TrackedFiles
    private let server: RPCServer
    private let timer: any ScheduledTimer
    private var changed: Set<RelativePath> = []
    private var removed: Set<RelativePath> = []
    /// Called each time a window closes, subscribers or not (the systemd status follows it).
    var onWindowClosed: () -> Void = {}

    init(files: any TrackedFiles, server: RPCServer, scheduler: any LoopScheduler) throws {
        precondition(NotifierService.windowMs <= NotifierService.maxDelayMs)
        self.files = files
        self.server = server
        timer = try scheduler.makeTimer()
    }

    func start() throws {}
    func reload(_ configuration: DaemonConfiguration) {}

    /// Changes already gathered still go out while the loop runs (during the actions' grace).
    func shutdown(graceMs: UInt64, done: @escaping () -> Void) { done() }

    func filesChanged(_ paths: [RelativePath]) {
        for path in paths {
            changed.insert(path)
            removed.remove(path)
        }
        armTimer()
    }

    func filesRemoved(_ paths: [RelativePath]) {
        for path in paths {
            removed.insert(path)
            changed.remove(path)
        }
        armTimer()
    }

    private func armTimer() {
        // Not re-armed while it runs: the window does not slide with a steady stream of changes.
        guard !timer.isActive else { return }
        timer.start(afterMs: NotifierService.windowMs) { [unowned self] in self.windowClosed() }
    }

    private func windowClosed() {
        let changed = self.changed.sorted()
        let removed = self.removed.sorted()
        self.changed.removeAll(keepingCapacity: true)
        self.removed.removeAll(keepingCapacity: true)
        onWindowClosed()
        guard server.hasSubscribers("files") else { return }
        server.broadcast(messages(changed: changed, removed: removed), to: "files")
    }

    /// The notifications for one window: `files.changed` with the File objects of the changed
    /// files still tracked, then `files.removed`, each split into messages of ``filesPerMessage``.
    func messages(changed: [RelativePath], removed: [RelativePath]) -> [[UInt8]] {
        var messages: [[UInt8]] = []
        let views = changed.compactMap { files.view(of: $0) }
        var fileWriter = FileObjectWriter(settings: files.settings, instanceId: files.instanceId)
        var start = 0
        while start < views.count {
            let end = min(start + NotifierService.filesPerMessage, views.count)
            var message: [UInt8] = []
            message.reserveCapacity(256 * (end - start) + 96)
            RPCEncoder.notification(method: FilesChangedNotification.method, into: &message, newline: false) { writer in
                writer.beginObject()
                writer.key("files")
                writer.beginArray()
                for view in views[start..<end] { fileWriter.write(view, to: &writer) }
                writer.endArray()
                writer.endObject()
            }
            messages.append(message)
            start = end
        }
        start = 0
        while start < removed.count {
            let end = min(start + NotifierService.filesPerMessage, removed.count)
            var message: [UInt8] = []
            RPCEncoder.notification(FilesRemovedNotification(paths: Array(removed[start..<end])), into: &message, newline: false)
            messages.append(message)
            start = end
        }
        return messages
    }
}
