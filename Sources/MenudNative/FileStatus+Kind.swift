extension FileStatus.Kind {
    /// The kind with its article, for messages: "a directory", "a special file".
    public var article: String {
        switch self {
        case .file: "a regular file"
        case .directory: "a folder"
        case .symlink: "a symbolic link"
        case .other: "a special file (a FIFO, socket or device)"
        }
    }
}
