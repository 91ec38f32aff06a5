import Glibc

/// Why a path beneath a directory descriptor could not be reached as asked.
public enum PathAccessError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A symbolic link at some level of the path (`ELOOP` under `RESOLVE_NO_SYMLINKS`).
    case symbolicLink
    /// The path leads out of the directory (`..` above it, an absolute path: `EXDEV`).
    case outsideRoot
    /// Nothing has that name.
    case notFound
    /// A component on the way is not a directory.
    case notADirectory
    /// The name is there but is not the kind of thing asked for (a directory or a FIFO where a
    /// regular file was wanted).
    case wrongKind(FileStatus.Kind)
    /// A name that cannot be one directory entry (empty, `.`, `..`, a `/` or a NUL in it).
    case invalidName
    /// Any other failure of the system call.
    case system(SystemError)

    /// Maps the errno of a failed `openat2`/`*at` call.
    static func from(errno code: Int32, operation: String) -> PathAccessError {
        switch code {
        case ELOOP: .symbolicLink
        case EXDEV: .outsideRoot
        case ENOENT: .notFound
        case ENOTDIR: .notADirectory
        default: .system(SystemError(errno: code, operation: operation))
        }
    }

    /// The process (`EMFILE`) or the system (`ENFILE`) had no file descriptor free for the
    /// call: it says nothing about the path, and the same call may succeed a moment later.
    public var isOutOfDescriptors: Bool {
        if case .system(let error) = self { return error.isOutOfDescriptors }
        return false
    }

    /// The problem in words, to finish a sentence such as "Cannot open x: ...".
    public var description: String {
        switch self {
        case .symbolicLink: "a symbolic link is on its way, and links are not followed"
        case .outsideRoot: "it leads out of the watched folder"
        case .notFound: "it no longer exists"
        case .notADirectory: "a folder on its way is no longer a folder"
        case .wrongKind(let kind): "it is now \(kind.article), not a regular file"
        case .invalidName: "that is not a valid file name"
        case .system(let error): error.message
        }
    }
}
