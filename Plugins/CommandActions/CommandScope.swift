/// Which targets a command action is offered for, decided by its placeholders.
public enum CommandScope: Sendable, Hashable {
    /// argv names one file (`{path}`, `{name}`, `{dir}`): offered for a single file.
    case singleFile
    /// argv holds `{paths}`: offered for a file or a selection; runs once with all files.
    case files
    /// argv names no file: offered in the directory's own menu.
    case directory
}
