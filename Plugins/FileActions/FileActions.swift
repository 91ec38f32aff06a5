import MenudNative
import MenudPluginAPI

/// The `files` plugin: Inspect, Duplicate, Rename… and Move to Trash.
///
/// Items per target:
/// - one file: Inspect, Duplicate, Rename… (asks for the new name), and Move to Trash in a
///   separated group;
/// - a selection: Duplicate and Move to Trash, for all selected files;
/// - the directory: "Move Expired Files to Trash" when some files have expired (from the
///   folder's counts; the action asks for the expired files as it runs, a page at a time).
///
/// Pending files (still being written): Inspect and Move to Trash stay available (trashing is how
/// a person discards a stalled download); Duplicate and Rename are shown disabled: a copy would
/// hold half a file, and renaming a file under its writer breaks writers that rename it when done
/// (browsers turning `x.part` into `x`).
///
/// Settings: `trashDirectory` (absolute path): use this trash for every file instead of the
/// freedesktop.org locations (files on another file system are then refused, never copied).
public struct FileActions: MenudPlugin {
    /// Registers the plugin under the name `files`.
    public static let factory = PluginFactory(name: "files") { settings in
        try FileActions(settings: settings)
    }

    /// `"files"`.
    public let name = "files"
    /// The plugin's version.
    public let version = "1.0.0"
    /// Every file operation goes through the exact name bytes and the context's descriptors.
    public let acceptsNamesThatAreNotUTF8 = true

    let trashCan: TrashCan
    /// Names file types for Inspect; a function so that the system's detector (libmagic and
    /// its database, several MB) is opened by the first Inspect, not when the daemon starts.
    let mimeTypeSource: @Sendable () -> MimeTypeDetector?
    /// The detector for Inspect, nil when there is none (Inspect then leaves the type out).
    var mimeTypes: MimeTypeDetector? { mimeTypeSource() }

    /// A plugin using the trash at `trashDirectory`, or the freedesktop.org locations when `nil`;
    /// Inspect names file types with ``MimeTypeDetector/system``.
    public init(trashDirectory: String? = nil) {
        self.init(trashCan: FileActions.trashCan(trashDirectory), mimeTypeSource: { MimeTypeDetector.system })
    }

    /// The same, with `mimeTypes` naming file types for Inspect; without it Inspect leaves the
    /// type out.
    public init(trashDirectory: String? = nil, mimeTypes: MimeTypeDetector?) {
        self.init(trashCan: FileActions.trashCan(trashDirectory), mimeTypeSource: { mimeTypes })
    }

    init(trashCan: TrashCan, mimeTypeSource: @escaping @Sendable () -> MimeTypeDetector?) {
        self.trashCan = trashCan
        self.mimeTypeSource = mimeTypeSource
    }

    private static func trashCan(_ trashDirectory: String?) -> TrashCan {
        TrashCan(locator: .system(configured: trashDirectory), now: { CalendarTime.local(epochSeconds: CalendarTime.nowEpochSeconds()) })
    }

    /// A plugin configured from `settings` (key `trashDirectory`).
    public init(settings: PluginSettings) throws {
        try settings.rejectUnknownKeys(allowed: ["trashDirectory"])
        var trashDirectory = try settings.string("trashDirectory")
        if let directory = trashDirectory {
            guard directory.hasPrefix("/") else {
                throw PluginSettingsError(
                    key: settings.keyPath("trashDirectory"), problem: "must be an absolute path, not \"\(directory)\"")
            }
            while trashDirectory!.count > 1 && trashDirectory!.hasSuffix("/") { trashDirectory!.removeLast() }
        }
        self.init(trashDirectory: trashDirectory)
    }

    /// The titles of the actions this plugin can offer.
    public var actionTitles: [String] {
        ["Inspect", "Duplicate", "Rename…", "Move to Trash", "Move Expired Files to Trash"]
    }

    /// The items for `target`; see the type's documentation. Built without I/O, so the daemon
    /// takes them on its loop.
    public func immediateItems(for target: MenuTarget) throws -> [MenuItem]? {
        switch target.kind {
        case .file:
            guard let file = target.singleFile else { return [] }
            return singleFileItems(file)
        case .selection:
            return selectionItems(target.files)
        case .directory:
            return directoryItems(target.directory?.counts ?? TargetFileCounts())
        }
    }

    public func items(for target: MenuTarget) async throws -> [MenuItem] {
        try immediateItems(for: target) ?? []
    }

    private func singleFileItems(_ file: TargetFile) -> [MenuItem] {
        let plugin = self
        var duplicate = MenuItem.action("Duplicate", id: "duplicate", icon: "plus.square.on.square", key: "d") {
            context in try await plugin.duplicate(context)
        }
        var rename = MenuItem.action(
            "Rename…", id: "rename", icon: "pencil", key: "r", input: InputPrompt("New name", default: file.name)
        ) { context in try await plugin.rename(context) }
        if file.state == .pending {
            duplicate = duplicate.disabled(because: Self.pendingReason(pending: 1, of: 1))
            rename = rename.disabled(because: Self.pendingReason(pending: 1, of: 1))
        }
        return [
            MenuItem.action("Inspect", id: "inspect", icon: "info.circle", key: "i") { context in
                try await plugin.inspect(context)
            },
            duplicate,
            rename,
            MenuItem.group(id: "trash-group", [trashItem(title: "Move to Trash")]),
        ]
    }

    private func selectionItems(_ files: [TargetFile]) -> [MenuItem] {
        guard !files.isEmpty else { return [] }
        let plugin = self
        let count = files.count
        var duplicate = MenuItem.action(
            count == 1 ? "Duplicate" : "Duplicate \(count) Files", id: "duplicate", icon: "plus.square.on.square",
            key: "d"
        ) { context in try await plugin.duplicate(context) }
        let pending = files.filter { $0.state == .pending }.count
        if pending > 0 {
            duplicate = duplicate.disabled(because: Self.pendingReason(pending: pending, of: count))
        }
        let trashTitle = count == 1 ? "Move to Trash" : "Move \(count) Files to Trash"
        return [duplicate, MenuItem.group(id: "trash-group", [trashItem(title: trashTitle)])]
    }

    private func directoryItems(_ counts: TargetFileCounts) -> [MenuItem] {
        let expired = counts.expired
        guard expired > 0 else { return [] }
        let plugin = self
        let item = MenuItem.action(
            "Move Expired Files to Trash", id: "trash-expired", icon: "trash",
            detail: StyledText(expired == 1 ? "1 file" : "\(expired) files"), destructive: true
        ) { context in
            // A file written while the action runs is no longer expired: it stays.
            try await plugin.moveExpiredToTrash(context)
        }
        return [MenuItem.group(id: "trash-group", [item])]
    }

    private func trashItem(title: String) -> MenuItem {
        let plugin = self
        return MenuItem.action(title, id: "trash", icon: "trash", key: "t", destructive: true) { context in
            try await plugin.moveToTrash(context, files: context.files)
        }
    }

    /// The status of an item disabled because files are still being written.
    /// `"not while pending"` for one file; `"2 files pending"` for a selection.
    static func pendingReason(pending: Int, of total: Int) -> StyledText {
        let text = total == 1 ? "not while pending" : "\(pending) \(pending == 1 ? "file" : "files") pending"
        return StyledText(text, color: .pending)
    }
}
