/// The files a menu is about, as plugins see them.
public struct MenuTarget: Sendable, Hashable {
    /// What the menu was opened on.
    public let kind: MenuTargetKind
    /// The target files: exactly one for ``MenuTargetKind/file``, the selected files (in the
    /// client's order) for ``MenuTargetKind/selection``, and every tracked file (sorted by path)
    /// for ``MenuTargetKind/directory``.
    public let files: [TargetFile]
    /// The watched root directory: an absolute path without a trailing slash.
    public let root: String

    /// A target of `kind` over `files` below `root`.
    public init(kind: MenuTargetKind, files: [TargetFile], root: String) {
        self.kind = kind
        self.files = files
        self.root = root
    }

    /// The file when the target is a single file, else `nil`.
    public var singleFile: TargetFile? {
        kind == .file && files.count == 1 ? files[0] : nil
    }
}
