import MenudProtocol

/// `menuctl status`.
struct StatusCommand {
    let options: StatusOptions
    let console: Console
    let socketPath: String

    func run() throws(MenuctlError) -> Int32 {
        let connection = try DaemonConnection(socketPath: socketPath)
        defer { connection.close() }
        let status = try connection.call(DaemonStatus.self, NoParams())
        if options.json {
            console.out(status.jsonText + "\n")
        } else {
            console.out(StatusReport.text(try StatusResult(reading: status), colorMode: console.colorMode))
        }
        return MenuctlExitCode.success
    }
}
