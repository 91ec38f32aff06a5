import MenudCore
import MenudJSON
import MenudProtocol

/// `--state S` and `--glob G` of `ls` and `watch`: the `files.list` parameters `state` and `glob`.
public struct FileFilter: Sendable, Equatable {
    public var state: FileState?
    public private(set) var glob: String?
    private var pattern: GlobPattern?

    public init(state: FileState? = nil, glob: GlobPattern? = nil) {
        self.state = state
        self.glob = glob?.source
        self.pattern = glob
    }

    /// Reads `--state` and `--glob`; the glob is checked with the daemon's own pattern rules so a
    /// typo is caught before anything is sent.
    init(arguments: ParsedArguments, command: String) throws(MenuctlError) {
        if let state = arguments.value("state") {
            guard let parsed = FileState(rawValue: state) else {
                throw .usage("--state takes pending, ready or expired; got '\(state)'.", command: command)
            }
            self.state = parsed
        }
        if let glob = arguments.value("glob") {
            do {
                pattern = try GlobPattern(glob)
            } catch {
                throw .usage("--glob '\(glob)' is not a valid pattern: \(error)", command: command)
            }
            self.glob = glob
        }
    }

    /// Whether `file` passes this filter (the daemon's rules, applied to a change notification).
    func matches(_ file: FileSnapshot) -> Bool {
        if let state, state != file.state { return false }
        if let pattern { return pattern.matches(file.path) }
        return true
    }

    /// Whether `path` passes the glob (the state is not looked at).
    func matchesPath(_ path: RelativePath) -> Bool {
        pattern?.matches(path) ?? true
    }

    /// The filter as `files.list` parameters.
    var listParams: FilesListParams {
        FilesListParams(state: state, glob: glob)
    }
}
