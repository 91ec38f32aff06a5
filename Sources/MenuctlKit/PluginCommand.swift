import Foundation
import MenudJSON

/// `menuctl plugin list` and `menuctl plugin install FILE.so` (`new` is ``PluginTemplate``).
struct PluginCommand {
    let options: PluginOptions
    let console: Console
    let socketPath: String
    let environment: [String: String]

    func run() throws(MenuctlError) -> Int32 {
        switch options {
        case .list: return try list()
        case .install(let file): return try install(file)
        case .new(let name, let directory, let menud):
            let folder = try PluginTemplate(name: name, directory: directory, menud: menud).write()
            console.out("created \(folder)\nbuild it: cd \(folder) && swift build -c release\ninstall it: menuctl plugin install \(folder)/.build/release/lib\(name).so\n")
            return MenuctlExitCode.success
        }
    }

    /// The folder `install` copies to, the one the daemon reads first.
    static func userFolder(environment: [String: String]) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/menud/plugins" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/menud/plugins"
    }

    private func list() throws(MenuctlError) -> Int32 {
        let status = try Self.status(socketPath)
        for plugin in status["plugins"]?.arrayValue ?? [] {
            let name = plugin["name"]?.stringValue ?? "?"
            let origin = plugin["file"]?.stringValue ?? "built in"
            console.out("\(name) \(plugin["version"]?.stringValue ?? "?")  \(plugin["actions"]?.intValue ?? 0) actions  \(origin)\n")
            if let notice = plugin["notice"]?.stringValue { console.out("  \(notice)\n") }
        }
        for refused in status["refusedPlugins"]?.arrayValue ?? [] {
            console.out("refused: \(refused["reason"]?.stringValue ?? "")\n")
        }
        return MenuctlExitCode.success
    }

    private static func status(_ socketPath: String) throws(MenuctlError) -> JSONValue {
        let connection = try DaemonConnection(socketPath: socketPath)
        defer { connection.close() }
        return try connection.call("daemon.status")
    }

    /// Checks the file, copies it into the plugin folder (a temporary file there, then a rename,
    /// so the daemon never sees half a module), and asks a running daemon to reload.
    private func install(_ file: String) throws(MenuctlError) -> Int32 {
        try PluginModuleCheck.verify(file)
        let folder = Self.userFolder(environment: environment)
        let destination = folder + "/" + (file as NSString).lastPathComponent
        let temporary = folder + "/.\((file as NSString).lastPathComponent).\(getpid()).tmp"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            try? FileManager.default.removeItem(atPath: temporary)
            try FileManager.default.copyItem(atPath: file, toPath: temporary)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: temporary)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw .failure("cannot copy \(file) to \(folder): \(error.localizedDescription)")
        }
        guard rename(temporary, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw .failure("cannot move the copy to \(destination): \(reason)")
        }
        console.out("installed \(destination)\n")
        return try reload(expecting: destination)
    }

    /// SIGHUP to the daemon, then what it made of the module.
    private func reload(expecting destination: String) throws(MenuctlError) -> Int32 {
        guard let before = try? Self.status(socketPath), let pid = before["pid"]?.intValue else {
            console.out("no daemon answers on \(socketPath); it loads the module when it starts\n")
            return MenuctlExitCode.success
        }
        guard kill(pid_t(pid), SIGHUP) == 0 else {
            throw .failure("cannot ask the daemon (pid \(pid)) to reload: \(String(cString: strerror(errno))); run kill -HUP \(pid) as its user")
        }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            usleep(50_000)
            guard let status = try? Self.status(socketPath) else { continue }
            if let refused = status["refusedPlugins"]?.arrayValue?.first(where: { $0["file"]?.stringValue == destination }) {
                throw .failure("the daemon refused it: \(refused["reason"]?.stringValue ?? "")")
            }
            if let plugin = status["plugins"]?.arrayValue?.first(where: { $0["file"]?.stringValue == destination }) {
                if let notice = plugin["notice"]?.stringValue { console.out("\(notice)\n") } else {
                    console.out("the daemon loaded plugin \(plugin["name"]?.stringValue ?? "?")\n")
                }
                return MenuctlExitCode.success
            }
        }
        throw .failure("the daemon did not report the module within 10 s; see its log, or run menuctl plugin list")
    }
}
