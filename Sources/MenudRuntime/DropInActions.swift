import CommandActionsPlugin
import MenudNative
import MenudPluginAPI

/// Command actions dropped in as files, the way Dolphin's service menus are: each
/// `$XDG_CONFIG_HOME/menud/actions.d/*.json5` holds `{ commands: [...] }` (the config's
/// `commands` syntax). Each file is checked on its own, so an error names that file and the
/// key; its commands come after the config's, files in name order. Read at start and on SIGHUP.
enum DropInActions {
    /// The folder, next to the default config file.
    static func folder(environment: [String: String]) -> String {
        let home: String = environment["HOME"] ?? ConfigEnvironment.current.home
        let base: String = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        return base + "/menud/actions.d"
    }

    /// Every drop-in file's commands, checked; throws naming the file and the key.
    static func load(environment: [String: String]) throws -> [ConfigValue] {
        let folder = folder(environment: environment)
        let entries = (try? DirectoryReader.entries(of: Array(folder.utf8)).get()) ?? []
        let names = entries.map { String(decoding: $0.name, as: UTF8.self) }
            .filter { $0.hasSuffix(".json5") && !$0.hasPrefix(".") }.sorted()
        var commands: [ConfigValue] = []
        for name in names {
            commands += try commandsOf(folder + "/" + name)
        }
        return commands
    }

    private static func commandsOf(_ file: String) throws -> [ConfigValue] {
        guard case .success(let data) = FileContents.read(path: Array(file.utf8)) else {
            throw StartupError("cannot read the action file \(file); check its permissions")
        }
        let value: ConfigValue
        do { value = try ConfigValue.decodeJSON5(data) } catch {
            if let keyPath = error.keyPath { throw StartupError("\(keyPath) in \(file) at \(error.location)") }
            throw StartupError("\(file) is not valid JSON5 at \(error.location); check the quotes, commas and brackets there")
        }
        guard case .object(let top) = value, case .array(let commands)? = top["commands"] else {
            throw StartupError("\(file): expected { commands: [ { title, argv, ... } ] }, as under commands in the config")
        }
        if let other = top.keys.sorted().first(where: { $0 != "commands" }) {
            throw StartupError("\(file): \(other): is not a known key; an action file holds only commands")
        }
        do {
            _ = try CommandActions.factory.make(PluginSettings(["commands": .array(commands)], path: ""))
        } catch {
            throw StartupError("\(file): \(error)")
        }
        return commands
    }
}
