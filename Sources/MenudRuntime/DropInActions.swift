import CommandActionsPlugin
import Foundation
import MenudPluginAPI

/// Command actions dropped in as files, the way Dolphin's service menus are: each
/// `$XDG_CONFIG_HOME/menud/actions.d/*.json5` holds `{ commands: [...] }` (the config's
/// `commands` syntax). Each file is checked on its own, so an error names that file and the
/// key; its commands come after the config's, files in name order. Read at start and on SIGHUP.
enum DropInActions {
    /// The folder, next to the default config file.
    static func folder(environment: [String: String]) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"].map { $0 + "/.config" } ?? NSHomeDirectory() + "/.config")
        return base + "/menud/actions.d"
    }

    /// Every drop-in file's commands, checked; throws naming the file and the key.
    static func load(environment: [String: String]) throws -> [ConfigValue] {
        let folder = folder(environment: environment)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".json5") && !$0.hasPrefix(".") }.sorted()
        var commands: [ConfigValue] = []
        for name in names {
            commands += try commandsOf(folder + "/" + name)
        }
        return commands
    }

    private static func commandsOf(_ file: String) throws -> [ConfigValue] {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw StartupError("cannot read the action file \(file); check its permissions")
        }
        let value: ConfigValue
        do { value = try ConfigValue.decodeJSON5(data) } catch {
            let location = ConfigSyntaxLocator.describeProblem(in: [UInt8](data)).map { " at \($0)" } ?? ""
            throw StartupError("\(file) is not valid JSON5\(location); check the quotes, commas and brackets there")
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
