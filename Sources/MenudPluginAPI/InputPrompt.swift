/// An item that needs one line of text from the person before its action runs.
///
/// The client asks for the text after dismissing the menu and sends it with
/// `menu.dismissed`; the action reads it from ``ActionContext/input``.
public struct InputPrompt: Sendable, Hashable {
    /// What to ask: `"New name"`.
    public var prompt: String
    /// The text the field starts with, if any.
    public var defaultValue: String?

    /// A prompt with an optional starting text.
    public init(_ prompt: String, default defaultValue: String? = nil) {
        self.prompt = prompt
        self.defaultValue = defaultValue
    }
}
