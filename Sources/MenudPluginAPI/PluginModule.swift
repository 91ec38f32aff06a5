
/// What a plugin module (`.so`) hands the daemon from its C entry point: its factory, the plugin
/// API version and the Swift toolchain it was compiled against.
///
/// A module exports one function whose name carries the API's major version:
///
/// ```swift
/// @_cdecl("menud_plugin_v1") public func menudPlugin() { PluginModule(Hello.factory).export() }
/// ```
///
/// Swift has no stable ABI on Linux: a module works only in a daemon built by the same toolchain
/// against the same major API version; the daemon refuses any other, naming both versions.
public struct PluginModule: Sendable {
    /// The major version of this plugin API; a change that breaks plugins raises it.
    public static let apiVersion = 1
    /// The entry point a module of this API exports.
    public static let entryPoint = "menud_plugin_v\(apiVersion)"

    public let factory: PluginFactory
    /// The API major version the module was compiled against.
    public let apiVersion: Int
    /// The toolchain the module was compiled with, such as `"Swift 6.3"`.
    public let toolchain: String

    /// A module of `factory`, tagged with the API version and toolchain of the code that calls
    /// this (the plugin's build, not the daemon's: the body is compiled into the plugin).
    @_alwaysEmitIntoClient
    public init(_ factory: PluginFactory) {
        self.init(factory: factory, apiVersion: 1, toolchain: PluginToolchain.compiled)
    }

    /// A module with explicit tags (for tests of the daemon's refusals).
    public init(factory: PluginFactory, apiVersion: Int, toolchain: String) {
        self.factory = factory
        self.apiVersion = apiVersion
        self.toolchain = toolchain
    }

    /// Hands this module to the daemon that is loading it; call it from the entry point.
    public func export() {
        PluginModuleInbox.shared.deposit(self)
    }

    /// The module the last entry point exported, taken (the daemon calls this after each load).
    public static func takeExported() -> PluginModule? {
        PluginModuleInbox.shared.take()
    }
}
