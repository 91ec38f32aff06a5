import MenudCore
import MenudNative
import MenudText

/// Everything the daemon reads from its configuration file, with defaults for what the file
/// leaves out. `config/menud.json5` documents every key.
///
/// Loading is strict: an unknown key or a bad value stops the load with a `ConfigError` naming
/// the file, the key path (`commands[2].match.states`) and what is allowed.
public struct MenudConfig: Sendable, Equatable {
    /// The watched directory, absolute (`~` expanded; a relative path is taken relative to the
    /// configuration file's directory).
    public var root: String
    /// The Unix socket path, absolute.
    public var socket: String
    /// How long a file must stay unchanged to be ready.
    public var settleMs: Int64
    /// How long a file stays ready before it expires; nil: never.
    public var expireAfterMs: Int64?
    /// Name endings of downloads in progress (pending until renamed).
    public var partialSuffixes: [String]
    /// What is not tracked (replaces the defaults).
    public var ignore: IgnoreRules
    public var logLevel: ConfigLogLevel
    /// The longest request line accepted.
    public var maxFrameBytes: Int
    /// How much unsent output a connection may queue.
    public var maxOutputBytesPerClient: Int
    public var maxConnections: Int
    /// How long an open menu stays usable.
    public var menuExpireMs: Int64
    /// How long a plugin may take to build its menu items.
    public var menuBuildTimeoutMs: Int64
    /// How long an action may run before it is stopped.
    public var actionTimeoutMs: Int64
    public var maxOpenMenusPerConnection: Int
    public var maxRunningActions: Int
    /// The most inotify watches the daemon takes (nil: as many as the kernel allows); the
    /// directories beyond are polled.
    public var maxWatches: Int?
    /// Other uids allowed to connect, besides the daemon's own.
    public var allowUids: [UInt32]
    /// The item identifier run by a default action on a file, e.g. `files.inspect`.
    public var defaultFileAction: String
    /// Per-plugin switches and settings; a plugin not listed is enabled with its defaults.
    public var plugins: [String: ConfigPlugin]
    /// Command actions, in menu order, as written; the command-actions plugin validates them.
    public var commands: [ConfigValue]
    /// The web page and its WebSocket; nil (the default): off.
    public var web: ConfigWeb?
    /// Plugin modules to load besides the plugin folders': `.so` files, or folders of them.
    public var pluginPaths: [String] = []

    /// Every key a configuration file may hold at the top level.
    public static let allowedKeys = [
        "root", "socket", "settle", "expireAfter", "partialSuffixes", "ignore", "logLevel",
        "maxFrameBytes", "maxOutputBytesPerClient", "maxConnections", "menuExpire", "menuBuildTimeout",
        "actionTimeout", "maxOpenMenusPerConnection", "maxRunningActions", "maxWatches", "allowUids",
        "defaultFileAction", "plugins", "commands", "web", "pluginPaths",
    ]

    /// The defaults for this process's environment.
    public static var defaults: MenudConfig {
        defaults(environment: .current)
    }

    /// The defaults: root the current directory, socket `$XDG_RUNTIME_DIR/menud/menud.sock` (or
    /// `/tmp/menud-<uid>/menud.sock`), settle 2 s, no expiry, the standard partial suffixes and
    /// ignore patterns, log level info, 1 MiB frames, 8 MiB output per client, 1024 connections,
    /// menus expiring after 60 s, 100 ms to build a menu, 5 min per action, 64 open menus per
    /// connection, 16 running actions, as many watches as the kernel allows, no other uids,
    /// `files.inspect`, no plugin settings, no commands, no web server.
    public static func defaults(environment: ConfigEnvironment) -> MenudConfig {
        MenudConfig(
            root: environment.defaultRoot,
            socket: environment.defaultSocketPath,
            settleMs: 2000,
            expireAfterMs: nil,
            partialSuffixes: ReadinessSettings.defaultPartialSuffixes,
            ignore: .defaults,
            logLevel: .info,
            maxFrameBytes: 1 << 20,
            maxOutputBytesPerClient: 8 << 20,
            maxConnections: 1024,
            menuExpireMs: 60_000,
            menuBuildTimeoutMs: 100,
            actionTimeoutMs: 300_000,
            maxOpenMenusPerConnection: 64,
            maxRunningActions: 16,
            maxWatches: nil,
            allowUids: [],
            defaultFileAction: "files.inspect",
            plugins: [:],
            commands: [],
            web: nil)
    }

    /// The readiness rules for `ReadinessTracker`.
    public var readinessSettings: ReadinessSettings {
        ReadinessSettings(settleMs: settleMs, expireAfterMs: expireAfterMs, partialSuffixes: partialSuffixes)
    }

    /// Reads and checks the configuration file at `path`.
    public static func load(path: String) throws(ConfigError) -> MenudConfig {
        try load(path: path, environment: .current)
    }

    /// Reads and checks the configuration file at `path`, with `~` and the defaults taken from
    /// `environment`.
    public static func load(path file: String, environment: ConfigEnvironment) throws(ConfigError) -> MenudConfig {
        let bytes: [UInt8]
        switch FileContents.read(path: Array(file.utf8)) {
        case .success(let read): bytes = read
        case .failure(let error):
            throw ConfigError(file: file, keyPath: nil,
                              message: "cannot read the configuration file \(file) (\(error.message)); check the path, or start from the documented config/menud.json5")
        }
        return try parse(bytes, file: file, environment: environment)
    }

    /// Checks configuration text; `file` names it in errors and anchors relative paths.
    public static func parse(_ bytes: [UInt8], file: String, environment: ConfigEnvironment) throws(ConfigError) -> MenudConfig {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw ConfigError(file: file, keyPath: nil, message: "\(file) is not UTF-8 text; save it as UTF-8")
        }
        let value: ConfigValue
        do {
            value = try ConfigValue.decodeJSON5(bytes)
        } catch {
            // A config that says one thing twice is refused at the second (as the wire does).
            if let keyPath = error.keyPath {
                throw ConfigError(file: file, keyPath: keyPath, message: "\(keyPath) in \(file) at \(error.location)")
            }
            throw ConfigError(file: file, keyPath: nil,
                              message: "\(file) is not valid JSON5 at \(error.location); check the quotes, commas and brackets there")
        }
        let baseDirectory = PathText.deletingLastComponent(file)
        return try ConfigLoader.build(value, file: file, baseDirectory: baseDirectory.isEmpty ? "." : baseDirectory, environment: environment)
    }
}
