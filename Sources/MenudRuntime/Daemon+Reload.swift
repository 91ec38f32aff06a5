import MenudCore
import MenudNative

extension Daemon {
    /// SIGHUP: reads the config file again and applies it, or keeps the running one (and says
    /// why) when the new one is refused.
    func reloadConfiguration() {
        guard let path = settings.configPath else {
            log.info("SIGHUP: no config file in use, nothing to reload")
            return
        }
        Systemd.notify("RELOADING=1\nMONOTONIC_USEC=\(MonotonicTime.nowMs() * 1000)")
        defer { Systemd.notify("READY=1") }
        do {
            var fresh = try DaemonSettings.reload(from: settings)
            let freshPlugins = try PluginHost.build(config: fresh.config, configPath: fresh.configPath, factories: pluginFactories)
            fresh.defaultFileAction = try Daemon.checkedDefaultFileAction(fresh, freshPlugins, log: log)
            plugins = freshPlugins
            menus.statusConstants = []
            let changes = settings.describeChanges(to: fresh)
            settings = fresh
            log.level = fresh.logLevel
            tracker.updateSettings(fresh.readiness)
            crawler.updateIgnoreRules(fresh.ignore)
            for connection in connections.values { connection.framer = LineFramer(maxFrameBytes: fresh.maxFrameBytes) }
            applyConnectionLimit()
            let transitions = tracker.advance()
            noteChanged(transitions)
            armDeadlineTimer()
            log.info("reloaded \(path)\(changes.isEmpty ? " (no changes)" : ": " + changes.joined(separator: ", "))")
        } catch {
            log.error("SIGHUP: kept the running config; the new one is refused: \(error)")
        }
    }

    /// `defaultFileAction` checked against the plugins that will run (see `DefaultFileActionCheck`).
    static func checkedDefaultFileAction(_ settings: DaemonSettings, _ plugins: PluginHost, log: Logger) throws -> String? {
        let checked = try DefaultFileActionCheck.resolve(config: settings.config, plugins: plugins, file: settings.configPath)
        if checked == nil {
            log.info("the default file action \(settings.config.defaultFileAction) is not available (its plugin is disabled); rows of the directory menu run nothing")
        }
        return checked
    }
}
