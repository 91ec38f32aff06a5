import MenudNative
import MenudPluginAPI

/// The `commands` plugin: actions that run programs declared in the config.
///
/// Settings: `commands`, an array of command objects (see ``CommandActionSpec`` for the keys and
/// rules). Each command becomes an item (id `command-<index>`) where its `match` fits; see
/// ``CommandMatch`` for when it is shown, disabled or left out.
///
/// Running: argv elements have their placeholders replaced (`{paths}` becomes one element per
/// file) and go to the ``ProcessLauncher`` as they are, never through a shell; the working
/// directory is the root. Just before, each target file is checked to still be the one the
/// menu showed (``ActionContext/verify(_:)``); if one is not, nothing runs. A file whose name
/// is not valid UTF-8 cannot be named in argv text: the item is disabled for it
/// (`"name is not UTF-8"`). Exit 0 gives an outcome with the output tails; anything else an
/// ``ActionFailure`` with the exit status and the tail of standard error.
public struct CommandActions: MenudPlugin {
    /// Registers the plugin under the name `commands`.
    public static let factory = PluginFactory(name: "commands") { settings in
        try CommandActions(settings: settings)
    }

    /// `"commands"`.
    public let name = "commands"
    /// The plugin's version.
    public let version = "1.0.0"
    /// The configured commands, in config order.
    public let commands: [CommandActionSpec]
    let mimeTypes: MimeTypeDetector?

    /// A plugin offering `commands`. `mimeTypes` is needed when a command matches on MIME types.
    public init(commands: [CommandActionSpec], mimeTypes: MimeTypeDetector?) {
        self.commands = commands
        self.mimeTypes = mimeTypes
    }

    /// A plugin configured from `settings` (key `commands`); throws ``PluginSettingsError``
    /// naming the exact key of the first problem.
    public init(settings: PluginSettings) throws {
        try settings.rejectUnknownKeys(allowed: ["commands"])
        let values = try settings.array("commands") ?? []
        let commands = try values.enumerated().map { index, value in
            try CommandActionSpec.parse(value, index: index)
        }
        var mimeTypes: MimeTypeDetector?
        if let first = commands.first(where: { !$0.match.mimeTypes.isEmpty }) {
            do {
                mimeTypes = try MimeTypeDetector()
            } catch {
                throw PluginSettingsError(key: "commands[\(first.index)].match.mime", problem: error.message)
            }
        }
        self.init(commands: commands, mimeTypes: mimeTypes)
    }

    /// The commands' titles.
    public var actionTitles: [String] { commands.map(\.title) }

    /// The items at once when no command matches on MIME type; otherwise nil, since libmagic
    /// reads the files and that does not belong on the daemon's loop.
    public func immediateItems(for target: MenuTarget) throws -> [MenuItem]? {
        mimeTypes == nil ? matchingItems(for: target) : nil
    }

    /// An item for each command whose match fits `target`.
    public func items(for target: MenuTarget) async throws -> [MenuItem] {
        matchingItems(for: target)
    }

    private func matchingItems(for target: MenuTarget) -> [MenuItem] {
        var mimeCache = MimeTypeCache(root: target.root, detector: mimeTypes)
        return commands.compactMap { spec in item(for: spec, target: target, mimeCache: &mimeCache) }
    }

    private func item(
        for spec: CommandActionSpec, target: MenuTarget, mimeCache: inout MimeTypeCache
    ) -> MenuItem? {
        let files = target.files
        switch (spec.scope, target.kind) {
        case (.directory, .directory):
            return makeItem(spec, files: [], root: target.root)
        case (.directory, _), (_, .directory):
            return nil
        case (.singleFile, _):
            guard files.count == 1 else { return nil }
        case (.files, _):
            guard !files.isEmpty, spec.match.count.contains(files.count) else { return nil }
        }
        let match = spec.match
        guard files.allSatisfy(match.matchesNameAndSize) else { return nil }
        if !match.mimeTypes.isEmpty {
            for file in files {
                guard let type = mimeCache.type(of: file), match.matchesMimeType(type) else { return nil }
            }
        }
        let item = makeItem(spec, files: files, root: target.root)
        // A name that is not UTF-8 cannot be passed as text (it would name another file).
        let unnamable = files.filter { String(validating: $0.pathBytes, as: UTF8.self) == nil }
        if !unnamable.isEmpty {
            return item.disabled(because: Self.unnamableReason(unnamable.count, total: files.count))
        }
        let refused = files.filter { !match.states.contains($0.state) }
        guard !refused.isEmpty else { return item }
        return item.disabled(because: Self.stateReason(refused, total: files.count))
    }

    private func makeItem(_ spec: CommandActionSpec, files: [TargetFile], root: String) -> MenuItem {
        var input: InputPrompt?
        if let prompt = spec.inputPrompt {
            let path = files.count == 1 ? try? CommandActions.exactPath(of: files[0], root: root, title: spec.title) : nil
            input = InputPrompt(prompt, default: spec.inputDefault?.render(path.map(CommandActions.fileValues) ?? [:]))
        }
        var item = MenuItem.action(
            spec.title, id: spec.itemID, icon: spec.icon, key: spec.key, destructive: spec.isDestructive, input: input
        ) { context in
            try await CommandActions.run(spec, context: context)
        }
        // The command's `timeout` replaces actionTimeout for the whole action, not only its run.
        item.timeLimitMs = spec.timeoutMs
        // After a reload, command-0 may be another command: what it runs must match too.
        item.actionSignature = "\(spec.argv) timeout \(spec.timeoutMs.map(String.init) ?? "none")"
        return item
    }

    /// Why an action is disabled: `"not while pending"`, or `"2 files pending"` for a selection.
    static func stateReason(_ refused: [TargetFile], total: Int) -> StyledText {
        let byState = Dictionary(grouping: refused, by: \.state)
        let (state, files) = byState.max { lhs, rhs in
            lhs.value.count != rhs.value.count
                ? lhs.value.count < rhs.value.count : lhs.key.rawValue > rhs.key.rawValue
        }!
        let text = total == 1
            ? "not while \(state.rawValue)" : "\(files.count) \(files.count == 1 ? "file" : "files") \(state.rawValue)"
        return StyledText(text, color: state.color)
    }

    /// Why a command is disabled for names that are not UTF-8: `"name is not UTF-8"`, or
    /// `"2 names not UTF-8"` for a selection.
    static func unnamableReason(_ count: Int, total: Int) -> StyledText {
        StyledText(total == 1 ? "name is not UTF-8" : "\(count) \(count == 1 ? "name" : "names") not UTF-8")
    }

    /// `{path}`, `{name}` and `{dir}` of the file at absolute `path`.
    static func fileValues(_ path: String) -> [CommandPlaceholder: String] {
        let slash = path.lastIndex(of: "/")
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let dir = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        return [.path: path, .name: name, .dir: dir]
    }
}
