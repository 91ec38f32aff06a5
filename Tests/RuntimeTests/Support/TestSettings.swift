import Foundation
import MenudCore
@testable import MenudRuntime
import MenudJSON

/// Daemon settings for tests: the defaults, a root that exists, and whatever a test changes.
enum TestSettings {
    static func make(root: String = NSTemporaryDirectory(), _ change: (inout MenudConfig) -> Void = { _ in }) throws -> DaemonSettings {
        var config = MenudConfig.defaults(environment: ConfigEnvironment(home: root, runtimeDirectory: root, uid: getuid()))
        config.root = root
        config.socket = "/tmp/menud-runtime-tests.sock"
        change(&config)
        return try DaemonSettings(config: config, configPath: nil, options: CommandLineOptions(), environment: [:])
    }

    static func configuration(_ settings: DaemonSettings, plugins: PluginSet = PluginSet(entries: [])) -> DaemonConfiguration {
        DaemonConfiguration(settings: settings, plugins: plugins)
    }
}

extension JSONValue {
    /// `value[path: "result", "menu", "id"]`.
    subscript(path keys: String...) -> JSONValue? {
        var value: JSONValue? = self
        for key in keys { value = value?[key] }
        return value
    }
}
