/// The files a menu is about, as plugins see them.
public struct MenuTarget: Sendable {
    /// What the menu was opened on.
    public let kind: MenuTargetKind
    /// The target files: exactly one for ``MenuTargetKind/file``, the selected files (in the
    /// client's order) for ``MenuTargetKind/selection``; none for ``MenuTargetKind/directory``,
    /// whose files ``directory`` counts and lists a page at a time.
    public let files: [TargetFile]
    /// For ``MenuTargetKind/directory``: the folder's files as counts and pages (the counts
    /// taken when the menu opened); nil for a file or a selection.
    public let directory: TargetDirectory?
    /// The watched root directory: an absolute path without a trailing slash.
    public let root: String

    /// A target of `kind` over `files` below `root`. For ``MenuTargetKind/directory`` the files
    /// become ``directory`` (a fixed list, see ``TargetDirectory/init(files:)``), for tests;
    /// the runtime uses ``init(directory:root:)``.
    public init(kind: MenuTargetKind, files: [TargetFile], root: String) {
        self.kind = kind
        self.files = kind == .directory ? [] : files
        self.directory = kind == .directory ? TargetDirectory(files: files) : nil
        self.root = root
    }

    /// The watched folder itself, its files seen through `directory`.
    public init(directory: TargetDirectory, root: String) {
        self.kind = .directory
        self.files = []
        self.directory = directory
        self.root = root
    }

    /// The file when the target is a single file, else `nil`.
    public var singleFile: TargetFile? {
        kind == .file && files.count == 1 ? files[0] : nil
    }
}
