// The example of docs/plugins.md, verbatim, so the documented plugin is known to build and run.
import MenudPluginAPI

/// Offers "Greet" for one ready file.
public struct HelloPlugin: MenudPlugin {
    /// How the daemon builds it, with its settings from the config (`plugins.hello.settings`).
    public static let factory = PluginFactory(name: "hello") { settings in
        try settings.rejectUnknownKeys(allowed: ["greeting"])
        return HelloPlugin(greeting: try settings.string("greeting", default: "Hello"))
    }

    public let name = "hello"
    public let version = "1.0"
    let greeting: String

    public func items(for target: MenuTarget) async throws -> [MenuItem] {
        try immediateItems(for: target) ?? []
    }

    /// The same items, built at once: no I/O, so the daemon takes them on its loop.
    public func immediateItems(for target: MenuTarget) throws -> [MenuItem]? {
        guard let file = target.singleFile, file.state != .pending else { return [] }
        return [
            .action("Greet", icon: "hand.wave", key: "g") { context in
                context.log.info("greeting \(file.name)")
                return ActionOutcome(message: "\(greeting), \(file.name)!")
            },
        ]
    }
}
