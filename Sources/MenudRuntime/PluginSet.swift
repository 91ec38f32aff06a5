import MenudPluginAPI

/// The enabled plugins, built once from the config with their settings (again on reload).
struct PluginSet: Sendable {
    struct Entry: Sendable {
        let name: String
        let plugin: any MenudPlugin
    }

    let entries: [Entry]

    /// Builds every enabled plugin. A plugin named in the config that does not exist, or
    /// settings a plugin refuses, stop start-up with a message naming the file and the key.
    /// `refused` (plugin modules that were not loaded) are named when the config names a plugin
    /// that is missing: it may be one of them.
    static func build(config: MenudConfig, configPath: String?, factories: [PluginFactory] = PluginRegistry.factories,
                      refused: [PluginModuleScan.Refused] = []) throws -> PluginSet {
        try build(config: config, configPath: configPath, configured: PluginRegistry.configured(factories), refused: refused)
    }

    static func build(config: MenudConfig, configPath: String?, configured: [ConfiguredPluginFactory],
                      refused: [PluginModuleScan.Refused] = []) throws -> PluginSet {
        let file = configPath ?? "the built-in defaults"
        let known = configured.map(\.factory.name)
        for name in config.plugins.keys.sorted() where !known.contains(name) {
            let modules = refused.isEmpty ? "" : "; plugin modules refused: " + refused.map(\.reason).joined(separator: "; ")
            throw StartupError("unknown plugin \"\(name)\" under plugins in \(file); the plugins are: \(known.joined(separator: ", "))\(modules)")
        }
        var entries: [Entry] = []
        for entry in configured {
            if config.plugins[entry.factory.name]?.enabled == false { continue }
            do {
                let plugin = try entry.factory.make(entry.settings(config))
                entries.append(Entry(name: entry.factory.name, plugin: plugin))
            } catch {
                throw StartupError("\(file): \(error)")
            }
        }
        return PluginSet(entries: entries)
    }

    func plugin(named name: String) -> (any MenudPlugin)? {
        entries.first { $0.name == name }?.plugin
    }
}
