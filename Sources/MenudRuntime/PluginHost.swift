import MenudPluginAPI

/// The enabled plugins, built once from the config with their settings.
struct PluginHost: Sendable {
    struct Entry: Sendable {
        let name: String
        let plugin: any MenudPlugin
    }

    let entries: [Entry]

    /// Builds every enabled plugin. A plugin named in the config that does not exist, or
    /// settings a plugin refuses, stop start-up with a message naming the file and the key.
    static func build(config: MenudConfig, configPath: String?, factories: [PluginFactory] = PluginRegistry.factories) throws -> PluginHost {
        let file = configPath ?? "the built-in defaults"
        let known = factories.map(\.name)
        for name in config.plugins.keys.sorted() where !known.contains(name) {
            throw StartupError("unknown plugin \"\(name)\" under plugins in \(file); the plugins are: \(known.joined(separator: ", "))")
        }
        var entries: [Entry] = []
        for factory in factories {
            let switches = config.plugins[factory.name]
            if switches?.enabled == false { continue }
            var values = switches?.settings ?? [:]
            var path = "plugins.\(factory.name).settings"
            if factory.name == "commands" {
                // Command actions are declared at the top level of the config.
                values["commands"] = .array(config.commands)
                path = ""
            }
            do {
                let plugin = try factory.make(PluginSettings(values, path: path))
                entries.append(Entry(name: factory.name, plugin: plugin))
            } catch {
                throw StartupError("\(file): \(error)")
            }
        }
        return PluginHost(entries: entries)
    }

    func plugin(named name: String) -> (any MenudPlugin)? {
        entries.first { $0.name == name }?.plugin
    }
}
