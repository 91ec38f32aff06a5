import MenudNative
import MenudCore
import MenudNative

extension DaemonSettings {
    /// Combines a validated config with the command line (which wins) and the environment.
    init(config: MenudConfig, configPath: String?, options: CommandLineOptions, environment: [String: String]) throws {
        let rootText = options.root ?? config.root
        root = DaemonSettings.absoluteDirectory(rootText)
        rootBytes = Array(root.utf8)
        let given = Array(DaemonSettings.absolutePath(rootText).utf8)
        rootSpellings = given == rootBytes ? [rootBytes] : [rootBytes, given]
        socketPath = options.socket.map { DaemonSettings.absolutePath($0) } ?? config.socket
        guard socketPath.utf8.count <= 107 else {
            throw StartupError("the socket path \(socketPath) is \(socketPath.utf8.count) bytes; Unix sockets allow at most 107. Choose a shorter --socket.")
        }
        self.configPath = configPath
        self.options = options
        self.environment = environment
        var readiness = config.readinessSettings
        if let settle = options.settleMs { readiness.settleMs = settle }
        if let expire = options.expireAfterMs { readiness.expireAfterMs = expire }
        self.readiness = readiness
        ignore = config.ignore
        logLevel = options.logLevel ?? LogLevel(rawValue: config.logLevel.rawValue) ?? .info
        maxFrameBytes = config.maxFrameBytes
        maxOutputBytesPerClient = config.maxOutputBytesPerClient
        maxConnections = config.maxConnections
        allowUids = Set(config.allowUids)
        if allowUids.contains(65534) {
            throw StartupError("allowUids lists 65534 (nobody)\(configPath.map { " in " + $0 } ?? ""); under systemd's PrivateUsers every other user appears as 65534, so this would let them all in. Remove it.")
        }
        rescanIntervalMs = max(1000, min(readiness.settleMs, 10_000))
        maxWatches = config.maxWatches
        menuExpireMs = config.menuExpireMs
        menuBuildTimeoutMs = config.menuBuildTimeoutMs
        actionTimeoutMs = config.actionTimeoutMs
        maxOpenMenusPerConnection = config.maxOpenMenusPerConnection
        maxRunningActions = config.maxRunningActions
        defaultFileAction = config.defaultFileAction
        web = try DaemonSettings.resolveWeb(config: config.web, options: options, environment: environment)
        self.config = config
    }

    /// `~` and `~/…` expanded, made absolute against the current directory, `.` and `..`
    /// folded (symlinks are left alone).
    static func absolutePath(_ path: String) -> String {
        var expanded = path
        if path == "~" || path.hasPrefix("~/"), let home = ProcessEnvironment.value("HOME"), !home.isEmpty {
            expanded = home + path.dropFirst()
        }
        if !expanded.hasPrefix("/"), case .success(let current) = NativePath.resolve(Array(".".utf8)) {
            expanded = String(decoding: current, as: UTF8.self) + "/" + expanded
        }
        var components: [Substring] = []
        for component in expanded.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." { _ = components.popLast(); continue }
            components.append(component)
        }
        return "/" + components.joined(separator: "/")
    }

    /// `absolutePath` with symlinks resolved (`realpath`), when the directory exists.
    static func absoluteDirectory(_ path: String) -> String {
        let absolute = absolutePath(path)
        guard case .success(let resolved) = NativePath.resolve(Array(absolute.utf8)) else { return absolute }
        return String(decoding: resolved, as: UTF8.self)
    }
}
