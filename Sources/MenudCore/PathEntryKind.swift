/// What kind of directory entry a name is, as `lstat` says (links are not followed).
public enum PathEntryKind: String, Hashable, Sendable {
    case file, directory, symlink, other

    /// The kind with its article, for sentences: "a folder".
    public var article: String {
        switch self {
        case .file: "a regular file"
        case .directory: "a folder"
        case .symlink: "a symbolic link"
        case .other: "a special file (a FIFO, socket or device)"
        }
    }
}
