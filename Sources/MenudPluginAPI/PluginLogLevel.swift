/// How serious a plugin's log message is.
public enum PluginLogLevel: String, Sendable, Hashable, CaseIterable {
    /// Routine facts: what ran, what it produced.
    case info
    /// Something odd that did not stop the action.
    case warning
    /// Something failed.
    case error
}
