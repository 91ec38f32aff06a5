import Glibc
import MenudNative
import MenudCore

/// Everything the running daemon needs, resolved from the config file, the command line and
/// the environment (flags win over the config; the config over the defaults).
struct DaemonSettings {
    var root: String
    var rootBytes: [UInt8]
    /// The root's absolute spellings clients may use: `rootBytes` (links resolved), and the
    /// path as given when it reaches the root through a link.
    var rootSpellings: [[UInt8]]
    var socketPath: String
    var configPath: String?
    var options: CommandLineOptions
    var environment: [String: String]

    var readiness: ReadinessSettings
    var ignore: IgnoreRules
    var logLevel: LogLevel
    var maxFrameBytes: Int
    var maxOutputBytesPerClient: Int
    var maxConnections: Int
    var allowUids: Set<UInt32>
    /// How often directories without a watch (watch limit, errors) are rescanned.
    var rescanIntervalMs: Int64
    /// The most inotify watches to take (nil: the kernel's limit).
    var maxWatches: Int?

    var menuExpireMs: Int64
    var menuBuildTimeoutMs: Int64
    var actionTimeoutMs: Int64
    var maxOpenMenusPerConnection: Int
    var maxRunningActions: Int
    var defaultFileAction: String?
    /// The web page and its WebSocket; nil: off.
    var web: WebSettings?
    /// The validated config, for the plugin layer (plugin settings, command actions).
    var config: MenudConfig

    /// Resolves settings for start-up.
    static func resolve(options: CommandLineOptions, environment: [String: String]) throws -> DaemonSettings {
        let configPath: String?
        if let explicit = options.config {
            configPath = explicit
        } else {
            let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
                ?? (environment["HOME"].map { $0 + "/.config" } ?? ConfigEnvironment.current.home + "/.config")
            let candidate = base + "/menud/config.json5"
            configPath = FileContents.exists(candidate) ? candidate : nil
        }
        var config: MenudConfig
        if let configPath {
            guard FileContents.exists(configPath) else {
                throw StartupError("the config file \(configPath) does not exist; create it (config/menud.json5 is a documented example) or drop --config")
            }
            do { config = try MenudConfig.load(path: configPath) } catch {
                throw StartupError("\(error)")
            }
        } else {
            config = MenudConfig.defaults
        }
        config.commands += try DropInActions.load(environment: environment)
        return try DaemonSettings(config: config, configPath: configPath, options: options, environment: environment)
    }

    /// Re-reads the config file for SIGHUP; the command line still wins. The root and the
    /// socket cannot change while running, nor can the web server.
    static func reload(from current: DaemonSettings) throws -> DaemonSettings {
        var config = try current.configPath.map { try MenudConfig.load(path: $0) } ?? MenudConfig.defaults
        config.commands += try DropInActions.load(environment: current.environment)
        var fresh = try DaemonSettings(config: config, configPath: current.configPath, options: current.options, environment: current.environment)
        fresh.root = current.root
        fresh.rootBytes = current.rootBytes
        fresh.rootSpellings = current.rootSpellings
        fresh.socketPath = current.socketPath
        fresh.web = current.web
        return fresh
    }

    /// The default socket: `$XDG_RUNTIME_DIR/menud/menud.sock`, else `/tmp/menud-$UID/menud.sock`.
    static func defaultSocketPath(environment: [String: String]) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return runtime + "/menud/menud.sock"
        }
        return "/tmp/menud-\(getuid())/menud.sock"
    }

    /// Human-readable list of what a reload changed.
    func describeChanges(to fresh: DaemonSettings) -> [String] {
        var changes: [String] = []
        if fresh.readiness.settleMs != readiness.settleMs { changes.append("settle \(DurationText.format(fresh.readiness.settleMs))") }
        if fresh.readiness.expireAfterMs != readiness.expireAfterMs {
            changes.append("expireAfter \(fresh.readiness.expireAfterMs.map(DurationText.format) ?? "off")")
        }
        if fresh.readiness.partialSuffixes != readiness.partialSuffixes { changes.append("partialSuffixes") }
        if fresh.ignore != ignore { changes.append("ignore") }
        if fresh.logLevel != logLevel { changes.append("logLevel \(fresh.logLevel.rawValue)") }
        if fresh.maxFrameBytes != maxFrameBytes { changes.append("maxFrameBytes \(fresh.maxFrameBytes)") }
        if fresh.menuExpireMs != menuExpireMs { changes.append("menuExpire \(DurationText.format(fresh.menuExpireMs))") }
        if fresh.menuBuildTimeoutMs != menuBuildTimeoutMs { changes.append("menuBuildTimeout \(DurationText.format(fresh.menuBuildTimeoutMs))") }
        if fresh.actionTimeoutMs != actionTimeoutMs { changes.append("actionTimeout \(DurationText.format(fresh.actionTimeoutMs))") }
        if fresh.maxOpenMenusPerConnection != maxOpenMenusPerConnection { changes.append("maxOpenMenusPerConnection \(fresh.maxOpenMenusPerConnection)") }
        if fresh.maxRunningActions != maxRunningActions { changes.append("maxRunningActions \(fresh.maxRunningActions)") }
        if fresh.maxConnections != maxConnections { changes.append("maxConnections \(fresh.maxConnections)") }
        if fresh.maxOutputBytesPerClient != maxOutputBytesPerClient { changes.append("maxOutputBytesPerClient \(fresh.maxOutputBytesPerClient)") }
        if fresh.allowUids != allowUids { changes.append("allowUids") }
        if fresh.rescanIntervalMs != rescanIntervalMs { changes.append("rescanInterval \(DurationText.format(fresh.rescanIntervalMs))") }
        if fresh.maxWatches != maxWatches { changes.append("maxWatches \(fresh.maxWatches.map(String.init) ?? "null")") }
        if fresh.config.defaultFileAction != config.defaultFileAction { changes.append("defaultFileAction \(fresh.config.defaultFileAction)") }
        if fresh.config.commands != config.commands { changes.append("commands") }
        if fresh.config.plugins != config.plugins { changes.append("plugins") }
        if fresh.config.pluginPaths != config.pluginPaths { changes.append("pluginPaths") }
        if fresh.config.root != config.root || fresh.config.socket != config.socket {
            changes.append("root/socket changes take effect after a restart")
        }
        if fresh.config.web != config.web {
            changes.append("web changes take effect after a restart (the web server keeps \(web.map { "listening on \($0.listen)" } ?? "off"))")
        }
        return changes
    }
}
