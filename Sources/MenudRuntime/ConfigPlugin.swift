/// One entry of `plugins`: whether the plugin runs, and its own settings (checked by the plugin).
public struct ConfigPlugin: Sendable, Equatable {
    public var enabled: Bool
    /// The plugin's `settings` object, as written.
    public var settings: [String: ConfigValue]

    public init(enabled: Bool = true, settings: [String: ConfigValue] = [:]) {
        self.enabled = enabled
        self.settings = settings
    }
}
