import Foundation

/// Where a module's entry point leaves its ``PluginModule`` for the daemon to take. There is one
/// of these in the process only when the daemon exports the plugin API's symbols; a module that
/// carries its own copy of the API fills its own inbox, and the daemon sees nothing.
final class PluginModuleInbox: @unchecked Sendable {
    static let shared = PluginModuleInbox()
    private let lock = NSLock()
    private var module: PluginModule?

    func deposit(_ module: PluginModule) {
        lock.lock(); defer { lock.unlock() }
        self.module = module
    }

    func take() -> PluginModule? {
        lock.lock(); defer { lock.unlock() }
        defer { module = nil }
        return module
    }
}
