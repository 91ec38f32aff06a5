/// One piece of an argv element: literal text or a placeholder.
public enum CommandTemplatePart: Sendable, Hashable {
    /// Text passed as is.
    case literal(String)
    /// A placeholder replaced when the command runs.
    case placeholder(CommandPlaceholder)
}
