import MenudCore
import MenudNative
import MenudPluginAPI
import MenudProtocol
import MenudText

/// What an action does once its turn has come, on its own thread: check that its files are
/// still the ones the menu showed, ask its plugin again for its items for the files as they are
/// now, and run the fresh item if it is still offered and enabled.
///
/// Everything the loop knows (the tracker's facts, the plugin) is gathered when the turn comes
/// and handed over here; nothing below touches the loop's state.
struct ActionInvocation: Sendable {
    let resolved: ResolvedItem
    /// The plugin to ask again (the item's, or the default action's for a directory row);
    /// `nil` when it is no longer enabled.
    let plugin: (any MenudPlugin)?
    /// For targets and rows: what the tracker knows of each shown file now (parallel to
    /// `resolved.shown`). Empty for a directory-wide item.
    let tracked: [TrackedFile?]
    /// For a directory-wide item: the folder, counted when the turn came, its files read a
    /// page at a time as the action asks (``DirectoryPages/actionView``).
    let directory: TargetDirectory?
    let root: String
    let rootDirectory: DirectoryDescriptor?
    /// The root's device and inode, read when it was opened for this action.
    let rootNode: FileNodeID?
    /// The root could not be opened for want of a file descriptor: that says nothing of the
    /// folder, so the action is refused as unreachable for now, not as a moved folder.
    let rootOutOfDescriptors: Bool
    /// Whether `plugin` works from exact name bytes (see ``MenudPlugin/acceptsNamesThatAreNotUTF8``).
    let acceptsAnyName: Bool
    let input: String?
    let progress: ProgressReporter
    let log: PluginLogger
    let processes: any ProcessLauncher

    func run() async throws -> ActionOutcome {
        if rootOutOfDescriptors { throw TargetChange(path: .root, kind: .unreachable, detail: TargetCheck.noDescriptorDetail) }
        if let change = TargetCheck.checkRoot(shown: resolved.root, now: rootNode) { throw change }
        let fileSystem = BeneathRootFileSystem(root: rootDirectory)
        let files: [TargetFile]
        let kind: MenuTargetKind
        switch resolved.scope {
        case .targets, .row:
            let checked = try TargetCheck.checkAll(resolved.shown, tracked: tracked, in: fileSystem,
                                                   requireComplete: resolved.scope == .row).get()
            files = zip(resolved.files, checked).map { shown, now in refreshed(shown, now) }
            kind = resolved.scope == .row ? .file : resolved.kind
        case .directory:
            files = []
            kind = .directory
        }
        let source = resolved.source
        guard let plugin else {
            throw ActionFailure("the plugin \(source.plugin) is no longer enabled (the config was reloaded); nothing was done")
        }
        try Task.checkCancellation()
        let target: MenuTarget
        if kind == .directory, let directory {
            target = MenuTarget(directory: directory, root: root)
        } else {
            target = MenuTarget(kind: kind, files: files, root: root)
        }
        var items = try plugin.immediateItems(for: target)
        if items == nil { items = try await plugin.items(for: target) }
        guard let item = ActionInvocation.findItem(source.itemId, in: items ?? []), let perform = item.action, !item.isDisabled else {
            throw noLongerOffered(files: files)
        }
        // A row runs whatever the default action is now; any other item must still be the one
        // the person chose, not another that took its id (a reload reordering the commands).
        if resolved.scope != .row, let change = ActionInvocation.changedMeaning(shown: resolved.item, fresh: item) {
            throw TargetChange(path: resolved.scope == .directory ? .root : resolved.shown.first?.path ?? .root, kind: .state, detail: change)
        }
        try Task.checkCancellation()
        let context = ActionContext(files: files, directory: target.directory, root: root, rootDirectory: rootDirectory,
                                    input: input, progress: progress, log: log, processes: processes)
        return try await perform(context)
    }

    /// Why the fresh item with the chosen item's id is not the item the menu showed, or nil.
    static func changedMeaning(shown: MenuItem, fresh: MenuItem) -> String? {
        let title = shown.title
        if fresh.title != title {
            return "no longer gets \"\(title)\" from its plugin: the item with its id is now \"\(fresh.title)\" (the config was reloaded, or the plugin changed it)"
        }
        if fresh.isDestructive != shown.isDestructive || fresh.input != shown.input || fresh.actionSignature != shown.actionSignature {
            return "no longer gets \"\(title)\" as the menu showed it: the item now does something else (the config was reloaded, or the plugin changed it)"
        }
        return nil
    }

    static func findItem(_ id: String, in items: [MenuItem]) -> MenuItem? {
        for item in items {
            if item.id == id { return item }
            if let found = findItem(id, in: item.children) { return found }
        }
        return nil
    }

    /// The shown file as it is now: same exact name and identity, current state, size and time.
    private func refreshed(_ shown: TargetFile, _ now: CheckedFile) -> TargetFile {
        targetFile(now, identity: shown.identity)
    }

    private func targetFile(_ file: CheckedFile, identity: FileIdentity?) -> TargetFile {
        let display = file.path.displayString
        return TargetFile(path: display, pathBytes: file.path.bytes, absolutePath: root + "/" + display,
                          state: MenudPluginAPI.FileState(rawValue: file.state.rawValue) ?? .pending,
                          size: file.size, sizeText: FileSizeText.format(file.size), mtimeMs: file.mtimeMs,
                          identity: identity ?? FileIdentity(device: file.node.device, inode: file.node.inode),
                          birthNs: file.birthNs)
    }

    /// The item is gone or disabled for the files as they are now: name the first file whose
    /// state moved (or the first file, or the folder for a directory-wide item).
    private func noLongerOffered(files: [TargetFile]) -> TargetChange {
        let title = resolved.item.title
        if resolved.scope == .directory {
            return TargetChange(path: .root, kind: .state,
                                detail: "no longer gets \"\(title)\" from its plugin, as its files are now")
        }
        let pairs = Array(zip(resolved.shown, files))
        guard let (shown, now) = pairs.first(where: { $0.0.state.rawValue != $0.1.state.rawValue }) ?? pairs.first else {
            return TargetChange(path: .root, kind: .state, detail: "no longer gets \"\(title)\" from its plugin")
        }
        let detail = shown.state.rawValue == now.state.rawValue
            ? "no longer gets \"\(title)\" from its plugin"
            : "is now \(now.state.rawValue) (the menu showed it \(shown.state.rawValue)), and \"\(title)\" is not offered for it now"
        return TargetChange(path: shown.path, kind: .state, detail: detail)
    }
}
