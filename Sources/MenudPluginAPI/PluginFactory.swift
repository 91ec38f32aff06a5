/// How the runtime builds a plugin: its name plus a function from settings to a plugin.
///
/// Every plugin module exposes one factory; the runtime keeps them all in one list, looks up the
/// config section whose key is ``name``, and calls ``make`` for each enabled plugin.
public struct PluginFactory: Sendable {
    /// The plugin's name, which is also the key of its settings in the config file.
    public let name: String
    /// Builds the plugin from its settings; throws ``PluginSettingsError`` for bad settings.
    public let make: @Sendable (PluginSettings) throws -> any MenudPlugin

    /// Creates a factory named `name` that builds plugins with `make`.
    public init(name: String, make: @escaping @Sendable (PluginSettings) throws -> any MenudPlugin) {
        self.name = name
        self.make = make
    }
}
