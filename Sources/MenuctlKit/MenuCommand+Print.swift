import MenuLayout
import MenudCore
import MenudProtocol

extension MenuCommand {
    /// Not on a terminal, without `--pick`: prints the menu as it would be drawn (every row, no
    /// cursor; plain text when colors are off) and cancels it.
    func printMenu(_ menu: MenuObject, request: MenuLayoutRequest) throws(MenuctlError) -> Int32 {
        defer { cancel(menu) }
        console.out(try Self.printedMenu(menu, request: request, colorMode: console.colorMode))
        return MenuctlExitCode.success
    }

    /// The lines of `menu` laid out as wide as `request` says, tall enough for every row.
    static func printedMenu(_ menu: MenuObject, request: MenuLayoutRequest, colorMode: ColorMode) throws(MenuctlError) -> String {
        let rows = menu.rows
        var tall = request
        tall.viewport = CellSize(cols: request.viewport.cols, rows: max(request.viewport.rows, rows.count + MenuMetrics.verticalChrome + 1))
        tall.source = CellRect(col: 0, row: 0, width: request.viewport.cols, height: 1)
        let layout: MenuLayoutResult
        do {
            layout = try MenuLayoutCalculator.layout(rows: rows, for: tall)
        } catch {
            throw .failure("cannot lay out the menu: \(error.message)")
        }
        let renderer = MenuRenderer(colorMode: colorMode)
        let lines = renderer.lines(rows: rows, layout: layout, selected: nil, title: menu.title)
        let text = lines.map { colorMode == .none ? $0.plain : $0.styled(in: colorMode) }
        return text.joined(separator: "\n") + "\n"
    }

    /// `--json`: the `menu.open` result; with `--pick` the choice is made and the `menu.dismissed`
    /// result (or `{"error": ...}`) follows on its own line.
    func runJSON() throws(MenuctlError) -> Int32 {
        let result = try connection.call("menu.open", ["target": targetParam])
        console.out(result.jsonText + "\n")
        guard let menuValue = result["menu"], !menuValue.isNull else {
            return options.pick == nil ? MenuctlExitCode.success : MenuctlExitCode.failure
        }
        let menu = try MenuObject(reading: menuValue)
        guard let pick = options.pick else {
            cancel(menu)
            return MenuctlExitCode.success
        }
        return try runPicked(pick, in: menu)
    }
}
