import ChecksumPlugin
import CommandActionsPlugin
import FileActionsPlugin
import MenudPluginAPI

/// Every plugin the daemon ships, in menu order. Adding a plugin means adding its module to
/// Package.swift and its factory here; the config's `plugins.NAME` enables, disables and
/// configures it.
enum PluginRegistry {
    static let factories: [PluginFactory] = [
        FileActions.factory,
        ChecksumActions.factory,
        CommandActions.factory,
    ]

    /// Each factory with where it finds its settings: `plugins.NAME.settings`, except the
    /// command actions' (below).
    static func configured(_ factories: [PluginFactory]) -> [ConfiguredPluginFactory] {
        factories.map { factory in
            factory.name == CommandActions.factory.name ? commands(factory) : ConfiguredPluginFactory(factory)
        }
    }

    /// Command actions are declared at the top level of the config (`commands: [...]`), so
    /// their errors name `commands[0].title`, not a path under `plugins`.
    private static func commands(_ factory: PluginFactory) -> ConfiguredPluginFactory {
        ConfiguredPluginFactory(factory) { config in
            var values = config.plugins[factory.name]?.settings ?? [:]
            values["commands"] = .array(config.commands)
            return PluginSettings(values, path: "")
        }
    }
}
