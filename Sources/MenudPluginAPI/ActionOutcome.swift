/// What a finished action reports: `{message?, output?}` in the `menu.dismissed` answer.
public struct ActionOutcome: Sendable, Hashable {
    /// One sentence for the person: `"Moved intro.mp4 to the Trash"`.
    public var message: String?
    /// Longer text worth showing or copying: a digest, a program's output.
    public var output: String?

    /// An outcome with an optional message and output.
    public init(message: String? = nil, output: String? = nil) {
        self.message = message
        self.output = output
    }
}
