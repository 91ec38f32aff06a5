import MenudCore
import MenudLoop
import MenudJSON
import MenudProtocol

/// `files.changed` and `files.removed` for subscribed clients. Changes are coalesced: the first
/// change arms a timer for ``windowMs`` and everything until it fires goes out together, so a
/// change is reported at most ``windowMs`` after it happened (the protocol promises 200 ms),
/// however long a burst lasts. A burst is split into messages of ``filesPerMessage`` files,
/// which go out a few per loop turn (``messagesPerTurn``): an expiry sweep over a million files
/// does not stop the loop while its notifications are encoded.
final class NotifierService: DaemonService, FileChangeListener {
    let name = "notifier"
    /// How long changes are gathered before subscribers hear of them.
    static let windowMs: UInt64 = 50
    /// The protocol's bound on how late a change may be reported.
    static let maxDelayMs: UInt64 = 200
    /// Files per message, so one burst never makes a huge line.
    static let filesPerMessage = 500
    /// Messages encoded and broadcast per loop turn before the loop serves others again.
    static let messagesPerTurn = 8
    /// Up to this many paths a window's messages are sorted across messages; a larger burst is
    /// sorted within each message (sorting a million paths would be one long turn).
    static let sortedAcrossMessagesUpTo = 50_000

    private let files: any TrackedFiles
    private let server: RPCServer
    private let timer: any ScheduledTimer
    private let sendTimer: any ScheduledTimer
    /// Closed windows' changes still to go out, in order: chunks of at most ``filesPerMessage``.
    private var outbox: [(removed: Bool, paths: [RelativePath])] = []
    private var outboxStart = 0
    private var changed: Set<RelativePath> = []
    private var removed: Set<RelativePath> = []
    /// Called each time a window closes, subscribers or not (the systemd status follows it).
    var onWindowClosed: () -> Void = {}

    init(files: any TrackedFiles, server: RPCServer, scheduler: any LoopScheduler) throws {
        precondition(NotifierService.windowMs <= NotifierService.maxDelayMs)
        self.files = files
        self.server = server
        timer = try scheduler.makeTimer()
        sendTimer = try scheduler.makeTimer()
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
        let changed = self.changed
        let removed = self.removed
        self.changed.removeAll(keepingCapacity: changed.count < 4096)
        self.removed.removeAll(keepingCapacity: removed.count < 4096)
        onWindowClosed()
        guard server.hasSubscribers("files") else { return }
        for chunk in NotifierService.chunks(changed) { outbox.append((false, chunk)) }
        for chunk in NotifierService.chunks(removed) { outbox.append((true, chunk)) }
        sendSome()
    }

    /// `paths` in message-sized chunks, sorted (across chunks up to ``sortedAcrossMessagesUpTo``).
    static func chunks(_ paths: Set<RelativePath>) -> [[RelativePath]] {
        let ordered = paths.count <= sortedAcrossMessagesUpTo ? paths.sorted() : Array(paths)
        var chunks: [[RelativePath]] = []
        var start = 0
        while start < ordered.count {
            let end = min(start + filesPerMessage, ordered.count)
            let chunk = Array(ordered[start..<end])
            chunks.append(paths.count <= sortedAcrossMessagesUpTo ? chunk : chunk.sorted())
            start = end
        }
        return chunks
    }

    /// Sends the next few messages of the outbox; the rest in later turns. A file is described
    /// as it is when its message is encoded (a change after that is in a later window too).
    private func sendSome() {
        var sent = 0
        while sent < NotifierService.messagesPerTurn, outboxStart < outbox.count {
            let (isRemoval, paths) = outbox[outboxStart]
            outboxStart += 1
            sent += 1
            let messages = isRemoval ? messages(changed: [], removed: paths) : messages(changed: paths, removed: [])
            if !messages.isEmpty { server.broadcast(messages, to: "files") }
        }
        if outboxStart == outbox.count {
            outbox.removeAll()
            outboxStart = 0
        } else if !sendTimer.isActive {
            sendTimer.start(afterMs: 0) { [unowned self] in self.sendSome() }
        }
    }

    /// The notifications for one window: `files.changed` with the File objects of the changed
    /// files still tracked, then `files.removed`, each split into messages of ``filesPerMessage``.
    func messages(changed: [RelativePath], removed: [RelativePath]) -> [[UInt8]] {
        var messages: [[UInt8]] = []
        let views = changed.compactMap { files.view(of: $0) }
        var fileWriter = FileObjectWriter(settings: files.settingsEpoch, instanceId: files.instanceId)
        var start = 0
        while start < views.count {
            let end = min(start + NotifierService.filesPerMessage, views.count)
            var message: [UInt8] = []
            message.reserveCapacity(256 * (end - start) + 96)
            RPCEncoder.notification(method: FilesChangedNotification.method, into: &message, newline: false) { writer in
                writer.beginObject()
                writer.key(ascii: "files")
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
