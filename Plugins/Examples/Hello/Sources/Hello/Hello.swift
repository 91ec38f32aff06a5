import MenudPluginAPI

/// The module's entry point: the daemon calls it once after loading the file.
@_cdecl("menud_plugin_v1") public func menudPlugin() { PluginModule(Hello.factory).export() }

/// Offers "Greet" for one file that is not pending; the action reports progress on the way.
struct Hello: MenudPlugin {
    static let factory = PluginFactory(name: "hello") { _ in Hello() }
    let name = "hello"
    let version = "1.0"
    let actionTitles = ["Greet"]

    func items(for target: MenuTarget) async throws -> [MenuItem] {
        guard let file = target.singleFile, file.state != .pending else { return [] }
        return [
            .action("Greet", key: "g") { context in
                context.progress.report(fraction: 0.5, message: "greeting \(file.name)")
                return ActionOutcome(message: "Hello, \(file.name)!")
            },
        ]
    }
}
