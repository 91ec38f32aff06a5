import Synchronization

/// Where a module's entry point leaves its ``PluginModule`` for the daemon to take. There is one
/// of these in the process only when the daemon exports the plugin API's symbols; a module that
/// carries its own copy of the API fills its own inbox, and the daemon sees nothing.
final class PluginModuleInbox: Sendable {
    static let shared = PluginModuleInbox()
    private let module = Mutex<PluginModule?>(nil)

    func deposit(_ module: PluginModule) {
        self.module.withLock { $0 = module }
    }

    func take() -> PluginModule? {
        module.withLock { held in
            defer { held = nil }
            return held
        }
    }
}
