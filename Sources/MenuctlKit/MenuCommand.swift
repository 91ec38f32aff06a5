import Glibc
import MenuLayout
import MenudCore
import MenudNative
import MenudJSON
import MenudProtocol

/// `menuctl menu`: opens a menu with `menu.open` and then, depending on the options and on
/// whether it runs on a terminal:
///
/// - `--json`: prints the `menu.open` result; with `--pick`, chooses and prints the
///   `menu.dismissed` result (or the error as `{"error": ...}`); without, cancels the menu.
/// - `--pick ID|TITLE`: chooses the item (``ItemPicker``) without drawing anything, runs it and
///   reports the outcome.
/// - on a terminal: draws the menu where the person is and lets them choose
///   (``MenuNavigator``); see `MenuCommand+Interactive.swift`.
/// - otherwise: prints the menu as drawn (plain text without colors) and cancels it.
///
/// Choosing always follows the protocol's handshake: the menu is erased from the screen (and the
/// erase written out) before `menu.select`, then `menu.dismissed` (with the input, asked only
/// now), and the action's progress and outcome are shown (`MenuCommand+Action.swift`).
final class MenuCommand {
    let options: MenuOptions
    let console: Console
    let socketPath: String
    var connection: DaemonConnection!
    var signals: TerminalSignals!
    let session: TerminalSession

    init(options: MenuOptions, console: Console, socketPath: String) {
        self.options = options
        self.console = console
        self.socketPath = socketPath
        self.session = TerminalSession(console: console)
    }

    func run() throws(MenuctlError) -> Int32 {
        connection = try DaemonConnection(socketPath: socketPath)
        defer { connection.close() }
        do {
            signals = try TerminalSignals(signals: [SIGINT, SIGTERM, SIGHUP, SIGWINCH])
        } catch {
            throw .failure("cannot set up signal handling: \(error.description)")
        }
        defer {
            session.leave()
            signals.restore()
        }
        if options.json { return try runJSON() }

        let interactive = console.isInteractive && options.pick == nil
        let viewport = try viewport()
        if interactive { try session.enter() }
        let source = try source(viewport: viewport, interactive: interactive)
        let request = MenuLayoutRequest(viewport: viewport, source: source, width: options.width)
        let result = try connection.call("menu.open", ["target": targetParam, "layout": Self.layoutParam(request)])
        guard let menuValue = result["menu"], !menuValue.isNull else {
            session.leave()
            console.err("menuctl: there is no menu here: \(noMenuReason).\n")
            return options.pick == nil ? MenuctlExitCode.success : MenuctlExitCode.failure
        }
        let menu = try MenuObject(reading: menuValue)
        if let pick = options.pick {
            return try runPicked(pick, in: menu)
        }
        if interactive {
            return try runInteractive(menu, request: request)
        }
        return try printMenu(menu, request: request)
    }

    // MARK: The request

    /// The protocol's `target`.
    var targetParam: JSONValue {
        switch options.target {
        case .path(let path): ["path": .string(path)]
        case .paths(let paths): ["paths": .array(paths.map(JSONValue.string))]
        case .row(let row): ["row": .int(Int64(row))]
        case .background: ["background": true]
        }
    }

    private var noMenuReason: String {
        switch options.target {
        case .row(let row): "row \(row) is past the last file (see 'menuctl ls')"
        default: "the daemon offered none for this target"
        }
    }

    /// The protocol's `layout` parameter for `request`, `maxWidth` included so that the daemon's
    /// answer is the layout `menuctl` draws whatever the daemon's own default.
    static func layoutParam(_ request: MenuLayoutRequest) -> JSONValue {
        let width: JSONValue
        switch request.width {
        case .auto(let minimum): width = ["auto": ["min": .int(Int64(minimum))]]
        case .fixed(let cells): width = ["fixed": .int(Int64(cells))]
        }
        return [
            "viewport": ["cols": .int(Int64(request.viewport.cols)), "rows": .int(Int64(request.viewport.rows))],
            "source": [
                "col": .int(Int64(request.source.col)), "row": .int(Int64(request.source.row)),
                "width": .int(Int64(request.source.width)), "height": .int(Int64(request.source.height)),
            ],
            "width": width,
            "maxWidth": .int(Int64(request.maxWidth)),
        ]
    }

    /// `--viewport`, else the terminal's size, else `COLUMNS` x `LINES`, else 80x24.
    private func viewport() throws(MenuctlError) -> CellSize {
        if let viewport = options.viewport { return viewport }
        if console.outputIsTerminal, let size = TerminalSession.size(of: console) {
            guard size.cols >= MenuMetrics.minimumViewportCols, size.rows >= MenuMetrics.minimumViewportRows else {
                throw .failure("the terminal is \(size.cols)x\(size.rows); a menu needs at least \(MenuMetrics.minimumViewportCols)x\(MenuMetrics.minimumViewportRows) cells. Make it larger, or pass --viewport.")
            }
            return size.viewport
        }
        let cols = console.environment["COLUMNS"].flatMap { Int($0) } ?? 80
        let rows = console.environment["LINES"].flatMap { Int($0) } ?? 24
        return CellSize(cols: max(cols, MenuMetrics.minimumViewportCols), rows: max(rows, MenuMetrics.minimumViewportRows))
    }

    /// `--at`, else on a terminal the row the cursor is on (asked with `ESC [ 6 n`), else the
    /// middle row; the source spans the whole row, so the menu is centered horizontally.
    private func source(viewport: CellSize, interactive: Bool) throws(MenuctlError) -> CellRect {
        if let source = options.source {
            guard source.col < viewport.cols, source.row < viewport.rows else {
                throw .usage("--at \(source.col),\(source.row) is outside the \(viewport.cols)x\(viewport.rows) viewport; columns and rows count from 0.", command: "menu")
            }
            return source
        }
        var row = viewport.rows / 2
        if interactive, let cursor = try cursorPosition(), cursor.row < viewport.rows {
            row = cursor.row
        }
        return CellRect(col: 0, row: row, width: viewport.cols, height: 1)
    }

    /// How long to wait for the terminal to say where the cursor is.
    static let cursorReportWaitMs = 500

    /// Asks the terminal where the cursor is; `nil` when it does not answer in time.
    private func cursorPosition() throws(MenuctlError) -> (col: Int, row: Int)? {
        console.out(CursorPositionReport.request)
        let pump = EventPump(keyboard: console.input, connection: nil, signals: signals)
        let deadline = MonotonicTime.nowMs() + Int64(Self.cursorReportWaitMs)
        while true {
            let remaining = deadline - MonotonicTime.nowMs()
            if remaining <= 0 { return nil }
            for event in try pump.next(timeoutMs: Int32(remaining)) {
                switch event {
                case .keys(let keys):
                    for case .unknown(let bytes) in keys {
                        if let position = CursorPositionReport.parse(bytes) { return position }
                    }
                case .signal(let number) where number != SIGWINCH:
                    throw Self.interrupted(by: number, detail: "no menu was opened")
                default:
                    continue
                }
            }
        }
    }

    /// The error for a signal that ends the command (exit 128 + its number).
    static func interrupted(by number: Int32, detail: String) -> MenuctlError {
        let name = switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(number)"
        }
        return MenuctlError(message: "stopped by \(name); \(detail).", exitCode: 128 + number)
    }

    /// Closes the menu without choosing; a failure is not reported (the menu is gone either way).
    func cancel(_ menu: MenuObject) {
        _ = try? connection.call(MenuCancel.self, MenuCancelParams(menu: menu.id), timeoutMs: 2000)
    }
}
