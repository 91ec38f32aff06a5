/// A `{name}` in a command's argv, replaced when the command runs.
public enum CommandPlaceholder: String, Sendable, Hashable, CaseIterable {
    /// The file's absolute path.
    case path
    /// The file's name (last path component).
    case name
    /// The absolute path of the directory holding the file.
    case dir
    /// The watched root directory (absolute).
    case root
    /// The line the person typed (the command must declare `input`).
    case input
    /// Every selected file's absolute path, one argv element each; only as a whole element.
    case paths

    /// Whether the placeholder names one file (`{path}`, `{name}`, `{dir}`).
    var isPerFile: Bool { self == .path || self == .name || self == .dir }

    /// All placeholders as written in argv, for messages.
    static let listing = allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ")
}
