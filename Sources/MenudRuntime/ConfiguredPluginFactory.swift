import MenudPluginAPI

/// A plugin factory together with where its settings are in the config: for most plugins
/// `plugins.NAME.settings`; the shipped `commands` plugin takes the top-level `commands` list.
struct ConfiguredPluginFactory: Sendable {
    let factory: PluginFactory
    /// The plugin's settings, read from the whole config.
    let settings: @Sendable (MenudConfig) -> PluginSettings

    /// A factory whose settings are `plugins.NAME.settings`.
    init(_ factory: PluginFactory) {
        self.factory = factory
        let name = factory.name
        settings = { config in
            PluginSettings(config.plugins[name]?.settings ?? [:], path: "plugins.\(name).settings")
        }
    }

    init(_ factory: PluginFactory, settings: @escaping @Sendable (MenudConfig) -> PluginSettings) {
        self.factory = factory
        self.settings = settings
    }
}
