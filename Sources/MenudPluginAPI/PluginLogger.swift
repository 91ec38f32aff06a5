/// The daemon's log, as a plugin writes to it. The runtime prefixes each line with the plugin's name.
public struct PluginLogger: Sendable {
    private let sink: @Sendable (PluginLogLevel, String) -> Void

    /// A logger that hands every message to `sink`.
    public init(_ sink: @escaping @Sendable (PluginLogLevel, String) -> Void) {
        self.sink = sink
    }

    /// Logs a routine fact.
    public func info(_ message: String) { sink(.info, message) }
    /// Logs something odd that did not stop the action.
    public func warning(_ message: String) { sink(.warning, message) }
    /// Logs a failure.
    public func error(_ message: String) { sink(.error, message) }

    /// A logger that drops every message.
    public static let ignoring = PluginLogger { _, _ in }
}
