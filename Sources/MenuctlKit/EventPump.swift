import MenudNative

/// One `poll` loop over the keyboard, the daemon's socket and the signal pipe, so that a menu
/// reacts to `menu.invalidated` while it waits for a key, and to a resize while it waits for both.
///
/// Keys are decoded with a ``KeyDecoder``; a lone ESC (which might start a sequence) is resolved
/// after ``escapeWaitMs`` without more input. When the keyboard reaches end of file, one
/// ``KeyEvent/endOfInput`` is reported and the keyboard is no longer read.
public final class EventPump {
    /// How long a lone ESC waits for the rest of a sequence before it counts as the Escape key.
    public static let escapeWaitMs: Int32 = 25

    private let keyboard: Int32?
    private var keyboardOpen: Bool
    private let connection: DaemonConnection?
    private let signals: TerminalSignals?
    private var decoder = KeyDecoder()

    /// `keyboard`: the descriptor to read keys from, or `nil` not to read keys.
    public init(keyboard: Int32?, connection: DaemonConnection?, signals: TerminalSignals?) {
        self.keyboard = keyboard
        self.keyboardOpen = keyboard != nil
        self.connection = connection
        self.signals = signals
    }

    /// Waits for something to happen, at most `timeoutMs` (`-1`: no limit), and returns it in the
    /// order: signals, daemon messages, keys. Empty when the time ran out.
    public func next(timeoutMs: Int32 = -1) throws(MenuctlError) -> [LoopEvent] {
        var events: [LoopEvent] = []
        if let connection {
            events += connection.takeNotifications().map(LoopEvent.notification)
            if connection.isClosed { return events + [.daemonClosed] }
            if !events.isEmpty { return events }
        }
        var descriptors: [Int32] = []
        if let signals { descriptors.append(signals.fileDescriptor) }
        if let connection { descriptors.append(connection.fileDescriptor) }
        if keyboardOpen, let keyboard { descriptors.append(keyboard) }
        let wait = decoder.hasPendingBytes ? Self.escapeWaitMs : timeoutMs
        let ready: [Int32]
        do {
            ready = try TerminalPoller.wait(descriptors, timeoutMs: wait)
        } catch {
            throw .failure("waiting for input failed: \(error.description)")
        }
        if let signals, ready.contains(signals.fileDescriptor) {
            events += signals.pending().map(LoopEvent.signal)
        } else if ready.isEmpty, let signals {
            // A signal may have interrupted poll before its byte was seen.
            events += signals.pending().map(LoopEvent.signal)
        }
        if let connection, ready.contains(connection.fileDescriptor) {
            try connection.readAvailable()
            events += connection.takeNotifications().map(LoopEvent.notification)
            if connection.isClosed { events.append(.daemonClosed) }
        }
        if let keyboard, keyboardOpen, ready.contains(keyboard) {
            let bytes: [UInt8]?
            do {
                bytes = try TerminalIO.read(keyboard)
            } catch {
                throw .failure("reading the keyboard failed: \(error.description)")
            }
            if let bytes {
                let keys = decoder.feed(bytes)
                if !keys.isEmpty { events.append(.keys(keys)) }
            } else {
                keyboardOpen = false
                events.append(.keys(decoder.flush() + [.endOfInput]))
            }
        } else if ready.isEmpty && decoder.hasPendingBytes {
            events.append(.keys(decoder.flush()))
        }
        return events
    }
}
