import MenudNative

/// Why an action could not reach one of its files as the menu showed it. Thrown by the file
/// calls of ``ActionContext`` (``ActionContext/openForReading(_:)``,
/// ``ActionContext/openParent(of:)``, ``ActionContext/verify(_:)``); left uncaught, the person
/// reads ``description`` ("Cannot use a.txt: it is now a folder, not the file the menu showed.").
/// Catch it to say what was being done: `throw failure.failure("rename \(file.name)")`.
public struct FileAccessFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What stood in the way.
    public enum Problem: Sendable, Equatable {
        /// The path could not be followed beneath the root: a symbolic link or a non-folder on
        /// the way, a name that is gone, a path leading out.
        case unreachable(PathAccessError)
        /// The name now stands for something that is not a regular file (a folder, a link, a FIFO).
        case notARegularFile(FileStatus.Kind)
        /// The name now stands for another file (another device or inode) than the menu showed.
        case replaced
        /// The watched folder itself could not be opened.
        case rootUnavailable(SystemError)
    }

    /// The file the action wanted.
    public let file: TargetFile
    /// What stood in the way.
    public let problem: Problem

    public init(file: TargetFile, problem: Problem) {
        self.file = file
        self.problem = problem
    }

    /// The problem in words, to end a sentence such as "Cannot open a.txt: ...".
    public var reason: String {
        switch problem {
        case .unreachable(let error): error.description
        case .notARegularFile(let kind): "it is now \(kind.article), not the file the menu showed"
        case .replaced: "another file has taken its name since the menu showed it"
        case .rootUnavailable(let error): "the watched folder cannot be opened (\(error.message))"
        }
    }

    /// "Cannot `attempt`: `reason`." as an ``ActionFailure``.
    public func failure(_ attempt: String) -> ActionFailure {
        ActionFailure("Cannot \(attempt): \(reason).")
    }

    /// "Cannot use `path`: `reason`."
    public var description: String { "Cannot use \(file.path): \(reason)." }
}
