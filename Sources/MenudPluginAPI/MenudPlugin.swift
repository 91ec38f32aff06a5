/// A source of menu items: the unit a plugin author writes.
///
/// The runtime asks every enabled plugin for its items each time a menu opens, namespaces the
/// item ids with the plugin's ``name``, and runs an item's ``MenuItem/action`` only after the
/// client has selected it and dismissed the menu (the dismissal handshake of the wire protocol).
///
/// `items(for:)` must be quick and side-effect free: it runs while a person waits for a menu,
/// under a build time limit (`menuBuildTimeout`, 100 ms by default). A plugin that throws or is
/// too slow is left out of that one menu and the log says why; the menu still opens.
public protocol MenudPlugin: Sendable {
    /// Short, stable identifier, such as `"files"`. Used to namespace item ids and in logs.
    var name: String { get }
    /// The plugin's version, reported by `daemon.status`.
    var version: String { get }
    /// Titles of the actions this plugin can offer, reported by `daemon.status`.
    /// The default implementation returns an empty list.
    var actionTitles: [String] { get }
    /// The items this plugin adds to the menu for `target`; an empty array adds nothing.
    ///
    /// Item ids must be unique among the returned items (submenu children included);
    /// ``MenuItem/problems(in:)`` checks this and the other item rules.
    func items(for target: MenuTarget) async throws -> [MenuItem]
    /// The same items as ``items(for:)``, when they can be built at once: without I/O,
    /// without waiting, in well under a millisecond. The daemon calls this on its event loop
    /// first and skips the hand-off to another thread when it answers; return nil to be asked
    /// through ``items(for:)`` instead. A plugin whose answer here takes longer than the
    /// menu-build limit is asked through ``items(for:)`` from then on.
    func immediateItems(for target: MenuTarget) throws -> [MenuItem]?
    /// Whether this plugin reaches files only through their exact bytes
    /// (``TargetFile/pathBytes`` and the file operations of ``ActionContext``), never through
    /// ``TargetFile/path`` or ``TargetFile/absolutePath``. Only such a plugin is given files whose
    /// names are not valid UTF-8: for them `path` shows U+FFFD, which can be another file's real
    /// name. The default is `false`.
    var acceptsNamesThatAreNotUTF8: Bool { get }
}

extension MenudPlugin {
    /// No action titles are advertised unless the plugin says otherwise.
    public var actionTitles: [String] { [] }
    /// By default a plugin is always asked through ``items(for:)``.
    public func immediateItems(for target: MenuTarget) throws -> [MenuItem]? { nil }
    /// By default a plugin never sees a name that is not valid UTF-8.
    public var acceptsNamesThatAreNotUTF8: Bool { false }
}
