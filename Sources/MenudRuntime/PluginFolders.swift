import MenudNative
import MenudText

/// Where plugin modules come from, in the order they are loaded: the user's folder
/// (`$XDG_DATA_HOME/menud/plugins`, else `~/.local/share/menud/plugins`), the installed folder
/// (`PREFIX/lib/menud/plugins` next to `PREFIX/bin/menud`), the config's `pluginPaths` and the
/// command line's `--plugin FILE`s. The two default folders may be absent; a path given
/// explicitly must exist.
struct PluginFolders: Sendable, Equatable {
    var defaultFolders: [String]
    var explicitPaths: [String]

    static func resolve(settings: DaemonSettings) -> PluginFolders {
        var folders = [userFolder(environment: settings.environment)]
        if let directory = DaemonSettings.executableDirectory() {
            // PREFIX/bin/menud -> PREFIX/lib/menud/plugins
            folders.append(PathText.appending(PathText.deletingLastComponent(directory), "lib/menud/plugins"))
        }
        return PluginFolders(defaultFolders: folders, explicitPaths: settings.config.pluginPaths + settings.options.pluginFiles)
    }

    /// The folder `menuctl plugin install` copies to.
    static func userFolder(environment: [String: String]) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/menud/plugins" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? ConfigEnvironment.current.home
        return home + "/.local/share/menud/plugins"
    }

    /// Every candidate module file, each once, with a refusal for an explicit path that is missing.
    func candidates() -> (files: [String], missing: [PluginModuleScan.Refused]) {
        var files: [String] = []
        var missing: [PluginModuleScan.Refused] = []
        func add(_ path: String) {
            let absolute = path.hasPrefix("/") ? path : (ProcessEnvironment.currentDirectory() ?? "") + "/" + path
            if !files.contains(absolute) { files.append(absolute) }
        }
        func modules(in folder: String) -> [String] {
            let entries = (try? DirectoryReader.entries(of: Array(folder.utf8)).get()) ?? []
            return entries.map { String(decoding: $0.name, as: UTF8.self) }.filter { $0.hasSuffix(".so") && !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }
        }
        for folder in defaultFolders { modules(in: folder).forEach(add) }
        for path in explicitPaths {
            if !FileContents.exists(path) {
                missing.append(.init(file: path, reason: "\(path) does not exist (named by pluginPaths or --plugin)"))
            } else if FileContents.isDirectory(path) {
                modules(in: path).forEach(add)
            } else {
                add(path)
            }
        }
        return (files, missing)
    }
}
