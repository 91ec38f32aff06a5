import MenudNative
import MenudPluginAPI

/// Which files a command action is for (`match` in its config).
///
/// `glob`, `mime`, `minSize`, `maxSize` and `count` decide whether the action is shown at all
/// (every target file must match). `states` decides whether it is enabled: an action shown for
/// files in other states is disabled, with a status saying why. Without `states`, ready and
/// expired files are accepted and pending ones are not (a command should not read a file that
/// is still being written).
public struct CommandMatch: Sendable, Hashable {
    /// Any of these patterns (none: any file).
    public let globs: [CommandGlob]
    /// Any of these MIME types (none: any type).
    public let mimeTypes: [MimeTypePattern]
    /// The states in which the action is enabled.
    public let states: Set<FileState>
    /// Smallest accepted size in bytes.
    public let minSize: Int64?
    /// Largest accepted size in bytes.
    public let maxSize: Int64?
    /// How many files the action accepts.
    public let count: CommandCountRange

    /// The states accepted when `states` is not given.
    public static let defaultStates: Set<FileState> = [.ready, .expired]

    /// A match with every field given.
    public init(
        globs: [CommandGlob] = [], mimeTypes: [MimeTypePattern] = [], states: Set<FileState> = defaultStates,
        minSize: Int64? = nil, maxSize: Int64? = nil, count: CommandCountRange = CommandCountRange(min: 1, max: 1)
    ) {
        self.globs = globs
        self.mimeTypes = mimeTypes
        self.states = states
        self.minSize = minSize
        self.maxSize = maxSize
        self.count = count
    }

    /// Whether `file` passes the glob and size tests (not MIME, not state).
    func matchesNameAndSize(_ file: TargetFile) -> Bool {
        if !globs.isEmpty && !globs.contains(where: { $0.matches(path: file.path, name: file.name) }) {
            return false
        }
        if let minSize, file.size < minSize { return false }
        if let maxSize, file.size > maxSize { return false }
        return true
    }

    /// Whether `mimeType` passes the MIME test.
    func matchesMimeType(_ mimeType: String) -> Bool {
        mimeTypes.isEmpty || mimeTypes.contains { $0.matches(mimeType) }
    }
}
