import MenudNative
import MenudPluginAPI

/// One command action from the config (an element of the `commands` array):
///
/// ```json
/// {"title": "Compress", "icon": "archivebox", "key": "z",
///  "match": {"glob": "*.log", "states": ["ready"], "minSize": 1024},
///  "argv": ["gzip", "--keep", "{path}"], "timeout": "30s"}
/// ```
///
/// Keys: `title` (required), `argv` (required, non-empty array of strings), `icon`, `key` (one
/// character), `match` (see ``CommandMatch``: `glob` and `mime` take a string or an array of
/// strings; `states` an array of `pending`/`ready`/`expired`; `minSize`/`maxSize` bytes; `count`
/// a number or `{min, max}`), `input` (`{prompt, default?}`), `destructive` (boolean), `timeout`
/// (milliseconds as a number, or a string such as `"500ms"`, `"30s"`, `"2m"`, `"1h"`).
///
/// Rules checked when parsing, each failure naming the exact key:
/// - `argv[0]` is the program; it may use `{root}` but no file placeholder and not `{input}`, so
///   a downloaded file or a typed line never becomes the program.
/// - `{paths}` stands alone as an element and cannot be mixed with `{path}`/`{name}`/`{dir}`.
/// - `{input}` is used exactly when `input` is declared.
/// - A command naming no file (no `{path}`, `{name}`, `{dir}`, `{paths}`) is a directory action
///   and takes no `match`. A command using `{path}`/`{name}`/`{dir}` takes one file (`count` 1).
public struct CommandActionSpec: Sendable, Hashable {
    /// Position in the `commands` array; the item id is `command-<index>`.
    public let index: Int
    /// The item's title.
    public let title: String
    /// The item's icon (a symbol name).
    public let icon: String?
    /// The item's shortcut key.
    public let key: Character?
    /// Which files it is for.
    public let match: CommandMatch
    /// The program and its arguments.
    public let argv: [CommandArgument]
    /// The prompt for `{input}`; its default may use `{path}`, `{name}`, `{dir}`, `{root}`.
    public let inputPrompt: String?
    /// The prompt's starting text, as a template.
    public let inputDefault: CommandTemplate?
    /// Shown in the destructive style.
    public let isDestructive: Bool
    /// Stop the program after this many milliseconds.
    public let timeoutMs: Int64?
    /// `progress: "percent"`: each `NN%` the program prints is reported as the action's progress.
    public var reportsPercent = false

    /// Which targets it is offered for.
    public var scope: CommandScope {
        let used = argv.reduce(into: Set<CommandPlaceholder>()) { used, argument in
            switch argument {
            case .allPaths: used.insert(.paths)
            case .template(let template): used.formUnion(template.placeholders)
            }
        }
        if used.contains(.paths) { return .files }
        if used.contains(where: \.isPerFile) { return .singleFile }
        return .directory
    }

    /// The item id: `command-<index>`.
    public var itemID: String { "command-\(index)" }

    /// The keys a command accepts.
    public static let allowedKeys = ["argv", "destructive", "icon", "input", "key", "match", "progress", "timeout", "title"]
    /// The keys `match` accepts.
    public static let allowedMatchKeys = ["count", "glob", "maxSize", "mime", "minSize", "states"]
}
