/// A line of text a command asks for before it runs (the protocol's item `input`).
public struct ConfigCommandInput: Sendable, Equatable {
    public var prompt: String
    public var defaultValue: String?

    public init(prompt: String, defaultValue: String? = nil) {
        self.prompt = prompt
        self.defaultValue = defaultValue
    }
}
