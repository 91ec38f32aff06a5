import MenudPluginAPI

/// What one pass over the plugin folders found: the modules' factories (after the built-in ones),
/// where each came from, the files refused with why, and what needs a restart.
struct PluginModuleScan: Sendable {
    struct Refused: Sendable, Equatable {
        let file: String
        let reason: String
    }

    var factories: [PluginFactory] = []
    /// Plugin name -> the module file it came from (built-in plugins are absent).
    var origins: [String: String] = [:]
    var refused: [Refused] = []
    /// Plugin name -> why the running daemon still offers an older build of it.
    var notices: [String: String] = [:]
}
