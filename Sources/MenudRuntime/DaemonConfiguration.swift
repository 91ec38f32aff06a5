import MenudPluginAPI

/// What a reload hands every service: the settings and the plugins built from them, checked
/// together before any service sees them (a reload applies all of it or nothing).
struct DaemonConfiguration {
    let settings: DaemonSettings
    let plugins: PluginSet
    /// The plugin modules found in the plugin folders, refused ones included (for `daemon.status`).
    var modules = PluginModuleScan()

    /// Builds the plugins of `settings` and checks `defaultFileAction` against them (see
    /// ``DefaultFileActionCheck``); throws what the first problem is.
    static func checked(_ settings: DaemonSettings, factories: [PluginFactory], modules: PluginModuleScan = PluginModuleScan(),
                        log: Logger) throws -> DaemonConfiguration {
        let plugins = try PluginSet.build(config: settings.config, configPath: settings.configPath, factories: factories + modules.factories,
                                          refused: modules.refused)
        var settings = settings
        settings.defaultFileAction = try DefaultFileActionCheck.resolve(config: settings.config, plugins: plugins, file: settings.configPath)
        if settings.defaultFileAction == nil {
            log.info("the default file action \(settings.config.defaultFileAction) is not available (its plugin is disabled); rows of the directory menu run nothing")
        }
        return DaemonConfiguration(settings: settings, plugins: plugins, modules: modules)
    }
}
