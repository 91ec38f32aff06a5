/// One argv element of a command action.
public enum CommandArgument: Sendable, Hashable {
    /// One element, with placeholders replaced inside it.
    case template(CommandTemplate)
    /// `{paths}`: one element per selected file.
    case allPaths
}
