import Glibc
import MenuLayout
import MenudCore
import MenudNative
import MenudJSON
import MenudProtocol

extension MenuCommand {
    /// `--pick`: finds the item and runs it. A pick that names nothing, or an item that needs
    /// text when there is neither `--input` nor a terminal to ask on, cancels the menu and is a
    /// usage error.
    func runPicked(_ pick: String, in menu: MenuObject) throws(MenuctlError) -> Int32 {
        let item: MenuItemObject
        do {
            item = try ItemPicker.pick(pick, in: menu)
        } catch {
            cancel(menu)
            throw error
        }
        if let input = item.input, options.input == nil, !console.isInteractive {
            cancel(menu)
            throw .usage("'\(item.title)' asks for \(input.prompt.lowercased()); pass it with --input TEXT.", command: "menu")
        }
        if item.disabled {
            // The daemon would refuse the selection; its reason is the item's status.
            cancel(menu)
            let why = item.status.map { ": \($0.text)" } ?? ""
            throw .failure("'\(item.title)' is disabled\(why); nothing was run.")
        }
        return try runChosen(item, in: menu)
    }

    /// The handshake after a choice (the menu is already off the screen): `menu.select`, the input
    /// when the item asks for one, `menu.dismissed`, then the outcome.
    func runChosen(_ item: MenuItemObject, in menu: MenuObject) throws(MenuctlError) -> Int32 {
        do {
            _ = try connection.call(MenuSelect.self, MenuSelectParams(menu: menu.id, item: item.id))
        } catch {
            return try report(error)
        }
        var params = MenuDismissedParams(menu: menu.id)
        if item.input == nil, options.input != nil {
            console.err("menuctl: '\(item.title)' takes no text; --input is not used.\n")
        }
        if let request = item.input {
            if let given = options.input {
                params.input = given
            } else {
                guard let typed = try ask(request, menu: menu) else {
                    cancel(menu)
                    console.err("menuctl: cancelled; nothing ran.\n")
                    return MenuctlExitCode.success
                }
                params.input = typed
            }
        }
        let id = try connection.send(MenuDismissed.self, params)
        let response = try awaitDismissal(id, menu: menu)
        switch response {
        case .result(_, let result):
            if options.json {
                console.out(result.jsonText + "\n")
            } else {
                let read = try? MenuDismissedResult(from: result.objectValue ?? JSONObject(), mode: .tolerant)
                console.out(ActionReport.outcomeText(read ?? MenuDismissedResult(ran: true), title: item.title, sanitize: console.outputIsTerminal))
            }
            return MenuctlExitCode.success
        case .error(_, let error):
            return try report(DaemonConnection.failure(error))
        }
    }

    /// Reports an error answer: on standard error (with a failed command's details), and with
    /// `--json` also as `{"error": ...}` on standard output. Exit 1; other errors are rethrown.
    private func report(_ error: MenuctlError) throws(MenuctlError) -> Int32 {
        guard let rpcError = error.rpcError else { throw error }
        if options.json {
            let object: JSONObject = ["error": rpcError.jsonValue]
            console.out(JSONValue.object(object).jsonText + "\n")
        }
        console.err(ActionReport.errorText(rpcError, sanitize: TerminalIO.isTerminal(console.error)))
        return MenuctlExitCode.failure
    }

    /// Asks for the item's text on the terminal, its default filled in: the text, or `nil` when
    /// the person cancelled (Esc, Ctrl-C). A `menu.invalidated` meanwhile ends the command.
    private func ask(_ request: MenuItemInput, menu: MenuObject) throws(MenuctlError) -> String? {
        try session.enter(enterSequence: "", exitSequence: "")
        defer { session.leave() }
        var editor = LineEditor(text: request.defaultValue ?? "")
        let prompt = request.prompt + ": "
        console.out(editor.render(prompt: prompt))
        let pump = EventPump(keyboard: console.input, connection: connection, signals: signals)
        while true {
            for event in try pump.next() {
                switch event {
                case .keys(let keys):
                    for key in keys {
                        switch editor.handle(key) {
                        case .editing:
                            console.out(editor.render(prompt: prompt))
                        case .accepted(let text):
                            console.out("\r\n")
                            return text
                        case .cancelled:
                            console.out("\r\n")
                            return nil
                        }
                    }
                case .notification(let notification):
                    if let reason = Self.invalidation(notification, of: menu) {
                        console.out("\r\n")
                        throw .failure("the menu was closed: \(reason)")
                    }
                case .signal(SIGWINCH):
                    console.out(editor.render(prompt: prompt))
                case .signal(let number):
                    console.out("\r\n")
                    cancel(menu)
                    throw Self.interrupted(by: number, detail: "nothing ran")
                case .daemonClosed:
                    console.out("\r\n")
                    throw DaemonConnection.noDaemon(socketPath: socketPath, reason: "the daemon closed the connection")
                }
            }
        }
    }

    /// Waits for the answer to `menu.dismissed`, drawing `action.progress` as a bar on a terminal.
    private func awaitDismissal(_ id: RPCId, menu: MenuObject) throws(MenuctlError) -> RPCResponse {
        let showsProgress = console.outputIsTerminal && !options.json
        var barShown = false
        defer { if barShown { console.out(ProgressBar.clear) } }
        let pump = EventPump(keyboard: nil, connection: connection, signals: signals)
        while true {
            if let response = connection.takeResponse(to: id) { return response }
            for event in try pump.next() {
                switch event {
                case .notification(let notification):
                    guard showsProgress, notification.method == ActionProgressNotification.method,
                          let progress = try? ActionProgressNotification(from: notification.params),
                          progress.menu == menu.id else { continue }
                    let width = (TerminalSession.size(of: console)?.cols ?? 80) - 1
                    console.out(ProgressBar.draw(fraction: progress.fraction, message: progress.message, width: width))
                    barShown = true
                case .signal(SIGWINCH), .keys:
                    continue
                case .signal(let number):
                    throw Self.interrupted(by: number, detail: "the action goes on in the daemon, its outcome unseen")
                case .daemonClosed:
                    if let response = connection.takeResponse(to: id) { return response }
                    throw DaemonConnection.noDaemon(socketPath: socketPath, reason: "the daemon closed the connection before the action ended")
                }
            }
        }
    }
}
