import MenudJSON
import MenudProtocol

/// `menuctl ls`: the listing a page at a time (``pageSize`` files), each printed as it
/// arrives, so a million files start showing at once and menuctl never holds them all. With
/// `--json` the pages are printed as one `files.list` result (the last page's `total` and
/// `clock`). A file that changes between two pages may show twice or not at all, as with any
/// paged listing; the table's columns are as wide as each page needs.
struct ListCommand {
    let options: ListOptions
    let console: Console
    let socketPath: String

    static let pageSize = 5000

    func run() throws(MenuctlError) -> Int32 {
        let connection = try DaemonConnection(socketPath: socketPath)
        defer { connection.close() }
        var params = options.filter.listParams
        params.limit = ListCommand.pageSize
        let width = console.outputIsTerminal ? TerminalSession.size(of: console)?.cols : nil
        let table = FileTable(colorMode: console.colorMode, maxWidth: width)
        if options.json { console.out(#"{"files":["#) }
        while true {
            let result = try connection.call(FilesList.self, params)
            // The raw entries for --json and the offset; the typed page for the table and the total.
            let files = result["files"]?.arrayValue ?? []
            let page = FileSnapshot.page(result)
            if options.json {
                if !files.isEmpty { console.out((params.offset > 0 ? "," : "") + files.map(\.jsonText).joined(separator: ",")) }
            } else {
                let lines = table.lines(page?.files ?? [])
                if !lines.isEmpty { console.out(lines.joined(separator: "\n") + "\n") }
            }
            params.offset += files.count
            let total = Int(page?.total ?? 0)
            guard files.isEmpty || params.offset >= total else { continue }
            if options.json {
                var rest = result.objectValue ?? JSONObject()
                _ = rest.removeValue(forKey: "files")
                let tail = JSONValue.object(rest).jsonText
                console.out("]" + (tail == "{}" ? "}" : "," + tail.dropFirst()) + "\n")
            }
            return MenuctlExitCode.success
        }
    }
}
