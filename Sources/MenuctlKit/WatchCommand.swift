import Glibc
import MenuLayout
import MenudCore
import MenudNative
import MenudClient
import MenudJSON
import MenudProtocol

/// `menuctl watch`: subscribes to `files`, takes one `files.list`, then applies `files.changed` and
/// `files.removed` as they come.
///
/// On a terminal (keyboard and screen) it draws the list full screen (``WatchScreen``) and redraws
/// it after each burst of notifications and on resize; q, Esc or Ctrl-C quits. Otherwise it prints
/// one line per change (``WatchModel/eventLines(_:filter:)``, or with `--json` each notification as
/// one JSON line), after announcing on standard error that it is watching. It ends with exit 0 on
/// q, Ctrl-C, `SIGINT`/`SIGTERM`/`SIGHUP` or a closed output, and with exit 3 when the daemon
/// goes away.
struct WatchCommand {
    let options: WatchOptions
    let console: Console
    let socketPath: String

    func run() throws(MenuctlError) -> Int32 {
        let connection = try DaemonConnection(socketPath: socketPath)
        defer { connection.close() }
        let signals: TerminalSignals
        do {
            signals = try TerminalSignals(signals: [SIGINT, SIGTERM, SIGHUP, SIGWINCH])
        } catch {
            throw .failure("cannot set up signal handling: \(error.description)")
        }
        defer { signals.restore() }
        _ = try connection.call(Subscribe.self, SubscriptionParams(events: ["files"]))
        if console.isInteractive {
            return try runOnTerminal(connection: connection, signals: signals)
        }
        return try printChanges(connection: connection, signals: signals)
    }

    private func runOnTerminal(connection: DaemonConnection, signals: TerminalSignals) throws(MenuctlError) -> Int32 {
        let result = try connection.call(FilesList.self, options.filter.listParams)
        // Changes sent before the list was answered are already in it.
        _ = connection.takeNotifications()
        var model = WatchModel(filter: options.filter, files: FileSnapshot.page(result)?.files ?? [])

        let session = TerminalSession(console: console)
        try session.enter(enterSequence: WatchScreen.enterSequence, exitSequence: WatchScreen.exitSequence)
        defer { session.leave() }
        let pump = EventPump(keyboard: console.input, connection: connection, signals: signals)
        var size = screenSize()
        console.out(WatchScreen(colorMode: console.colorMode, size: size).render(model))
        while true {
            var redraw = false
            for event in try pump.next() {
                switch event {
                case .keys(let keys):
                    if keys.contains(where: Self.quits) { return MenuctlExitCode.success }
                case .notification(let notification):
                    if model.apply(notification) { redraw = true }
                case .signal(SIGWINCH):
                    size = screenSize()
                    redraw = true
                case .signal(let number):
                    return 128 + number
                case .daemonClosed:
                    session.leave()
                    throw DaemonConnection.noDaemon(socketPath: socketPath, reason: "the daemon closed the connection")
                }
            }
            if redraw { console.out(WatchScreen(colorMode: console.colorMode, size: size).render(model)) }
        }
    }

    private static func quits(_ key: KeyEvent) -> Bool {
        switch key {
        case .character("q"), .character("Q"), .interrupt, .escape, .endOfInput: true
        default: false
        }
    }

    private func screenSize() -> CellSize {
        TerminalSession.size(of: console)?.viewport ?? CellSize(cols: 80, rows: 24)
    }

    private func printChanges(connection: DaemonConnection, signals: TerminalSignals) throws(MenuctlError) -> Int32 {
        console.err("menuctl: watching \(socketPath) for changes; one line per change.\n")
        let pump = EventPump(keyboard: nil, connection: connection, signals: signals)
        while true {
            for event in try pump.next() {
                switch event {
                case .notification(let notification):
                    if options.json {
                        if let line = jsonLine(notification) { console.out(line + "\n") }
                    } else {
                        let lines = WatchModel.eventLines(notification, filter: options.filter)
                        if !lines.isEmpty { console.out(lines.joined(separator: "\n") + "\n") }
                    }
                    if console.outputBroken { return MenuctlExitCode.success }
                case .signal(SIGWINCH), .keys:
                    continue
                case .signal(let number):
                    return 128 + number
                case .daemonClosed:
                    throw DaemonConnection.noDaemon(socketPath: socketPath, reason: "the daemon closed the connection")
                }
            }
        }
    }

    /// The notification as `{"method", "params"}` with only the files passing the filter; `nil`
    /// when none does.
    private func jsonLine(_ notification: ServerNotification) -> String? {
        var params = notification.params
        switch notification.method {
        case "files.changed":
            let kept = (params["files"]?.arrayValue ?? []).filter { value in
                FileSnapshot.tolerant(value).map(options.filter.matches) ?? false
            }
            if kept.isEmpty { return nil }
            params["files"] = .array(kept)
        case "files.removed":
            let paths = params["paths"]?.arrayValue ?? []
            let exact = WatchModel.removedPaths(params)
            var keptPaths: [JSONValue] = []
            var keptBase64: [JSONValue] = []
            let base64 = params["pathsBase64"]?.arrayValue
            for (index, path) in exact.enumerated() where options.filter.matchesPath(path) {
                keptPaths.append(paths[index])
                if let base64, index < base64.count { keptBase64.append(base64[index]) }
            }
            if keptPaths.isEmpty { return nil }
            params["paths"] = .array(keptPaths)
            if base64 != nil { params["pathsBase64"] = .array(keptBase64) }
        default:
            return nil
        }
        let object: JSONObject = ["method": .string(notification.method), "params": .object(params)]
        return JSONValue.object(object).jsonText
    }
}
