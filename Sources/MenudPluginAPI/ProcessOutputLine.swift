/// One line a program wrote, handed to `onOutput` while it runs (without its newline; a line
/// longer than ``maxBytes`` arrives in pieces of that size).
public struct ProcessOutputLine: Sendable, Equatable {
    /// The longest piece delivered at once.
    public static let maxBytes = 4096
    /// Whether it came from standard error (else standard output).
    public let isError: Bool
    /// The text, invalid UTF-8 replaced.
    public let text: String

    public init(isError: Bool, text: String) {
        self.isError = isError
        self.text = text
    }
}
