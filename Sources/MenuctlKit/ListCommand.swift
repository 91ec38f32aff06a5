import MenudProtocol

/// `menuctl ls`.
struct ListCommand {
    let options: ListOptions
    let console: Console
    let socketPath: String

    func run() throws(MenuctlError) -> Int32 {
        let connection = try DaemonConnection(socketPath: socketPath)
        defer { connection.close() }
        let result = try connection.call(FilesList.self, options.filter.listParams)
        if options.json {
            console.out(result.jsonText + "\n")
            return MenuctlExitCode.success
        }
        let width = console.outputIsTerminal ? TerminalSession.size(of: console)?.cols : nil
        let table = FileTable(colorMode: console.colorMode, maxWidth: width)
        let lines = table.lines(FileEntry.list(from: result))
        if !lines.isEmpty { console.out(lines.joined(separator: "\n") + "\n") }
        return MenuctlExitCode.success
    }
}
