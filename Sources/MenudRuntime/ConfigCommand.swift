/// A command action from the configuration: a menu item that runs a program on the files.
public struct ConfigCommand: Sendable, Equatable {
    public var title: String
    /// A symbol name for clients that draw icons.
    public var icon: String?
    /// A one-character keyboard shortcut.
    public var key: String?
    public var match: ConfigCommandMatch
    /// The program and its arguments; run directly, never through a shell.
    public var argv: [String]
    public var input: ConfigCommandInput?
    public var destructive: Bool
    /// This command's time limit; nil means `actionTimeout`.
    public var timeoutMs: Int64?

    public init(title: String, icon: String? = nil, key: String? = nil, match: ConfigCommandMatch = ConfigCommandMatch(),
                argv: [String], input: ConfigCommandInput? = nil, destructive: Bool = false, timeoutMs: Int64? = nil) {
        self.title = title
        self.icon = icon
        self.key = key
        self.match = match
        self.argv = argv
        self.input = input
        self.destructive = destructive
        self.timeoutMs = timeoutMs
    }
}
