import CommandActionsPlugin
import MenudNative
import MenudPluginAPI
import Synchronization

/// Checks `defaultFileAction` against the items the enabled plugins offer for one file, at
/// start and on every reload, so a name that can never run is refused before anyone clicks.
///
/// A plugin's items are found by asking it for those of a sample file, once in each state (its
/// items are meant to be quick and free of side effects). The command actions are read from
/// their config instead: whether one is offered depends on the file's name, type and size, so
/// a sample would say too little; every command that can take one file counts (not a
/// directory action, nor a `{paths}` command whose `count` starts above one).
enum DefaultFileActionCheck {
    /// How long a plugin that builds its items off the loop may take to answer the sample.
    static let sampleTimeoutMs = 1000

    /// The identifier to use: the configured one, or nil when it is the built-in default and
    /// the plugin it names is disabled (directory rows then run nothing). Throws for a name
    /// no enabled plugin offers for a file, with what is allowed.
    static func resolve(config: MenudConfig, plugins: PluginSet, file: String?) throws -> String? {
        let identifier = config.defaultFileAction
        guard let (pluginName, itemId) = MenuRoutes.splitItemIdentifier(identifier) else { return identifier }
        let place = "defaultFileAction in \(file ?? "the built-in defaults")"
        guard let plugin = plugins.plugin(named: pluginName) else {
            if identifier == MenudConfig.defaults.defaultFileAction { return nil }
            let enabled = plugins.entries.map(\.name).joined(separator: ", ")
            throw StartupError("\(place): \"\(identifier)\" names the plugin \"\(pluginName)\", which is not enabled (enabled: \(enabled)); allowed: \(allowed(plugins: plugins, config: config).joined(separator: ", "))")
        }
        guard let offered = itemIds(of: plugin, named: pluginName, config: config, withInput: true) else {
            return identifier  // the plugin did not answer in time: nothing to check against
        }
        if offered.asking.contains(itemId) {
            throw StartupError("\(place): \"\(identifier)\" asks for a line of text first, which a directory row has no way to ask for, so it could never run; allowed: \(allowed(plugins: plugins, config: config).joined(separator: ", "))")
        }
        guard offered.runnable.contains(itemId) else {
            throw StartupError("\(place): \(pluginName) offers no item \"\(itemId)\" for a file; allowed: \(allowed(plugins: plugins, config: config).joined(separator: ", "))")
        }
        return identifier
    }

    /// Every `plugin.item` a file's default action may name.
    static func allowed(plugins: PluginSet, config: MenudConfig) -> [String] {
        plugins.entries.flatMap { entry in
            (itemIds(of: entry.plugin, named: entry.name, config: config, withInput: false)?.runnable ?? []).map { "\(entry.name).\($0)" }
        }
    }

    /// The ids of the items `plugin` offers for a single file that a row can run (`runnable`),
    /// and of those that ask for text first (`asking`: a row cannot ask); nil when the plugin
    /// does not answer within `sampleTimeoutMs`. `withInput: false` skips finding `asking`.
    static func itemIds(of plugin: any MenudPlugin, named name: String, config: MenudConfig,
                        withInput: Bool) -> (runnable: [String], asking: [String])? {
        if name == "commands" {
            var ids: (runnable: [String], asking: [String]) = ([], [])
            for (index, value) in config.commands.enumerated() {
                guard let spec = try? CommandActionSpec.parse(value, index: index), spec.scope != .directory,
                      spec.scope == .singleFile || spec.match.count.contains(1)
                else { continue }
                if spec.inputPrompt == nil { ids.runnable.append(spec.itemID) } else { ids.asking.append(spec.itemID) }
            }
            return ids
        }
        var ids: (runnable: [String], asking: [String]) = ([], [])
        for state in [FileState.pending, .ready, .expired] {
            let sample = TargetFile(path: "example.txt", absolutePath: config.root + "/example.txt", state: state, size: 1, mtimeMs: 0)
            guard let items = sampleItems(plugin, MenuTarget(kind: .file, files: [sample], root: config.root)) else { return nil }
            for item in runnableItems(items) {
                if item.input == nil {
                    if !ids.runnable.contains(item.id) { ids.runnable.append(item.id) }
                } else if withInput, !ids.asking.contains(item.id) {
                    ids.asking.append(item.id)
                }
            }
        }
        return ids
    }

    private static func sampleItems(_ plugin: any MenudPlugin, _ target: MenuTarget) -> [MenuItem]? {
        if let items = try? plugin.immediateItems(for: target) { return items }
        let answer = Mutex<[MenuItem]?>(nil)
        let done = NativeSemaphore()
        ConcurrencyRuntime.start()
        let task = Task.detached {
            let items = (try? await plugin.items(for: target)) ?? []
            answer.withLock { $0 = items }
            done.signal()
        }
        guard done.wait(timeoutMs: Int64(sampleTimeoutMs)) else {
            task.cancel()
            return nil
        }
        return answer.withLock { $0 }
    }

    private static func runnableItems(_ items: [MenuItem]) -> [MenuItem] {
        items.flatMap { item in item.children.isEmpty ? (item.action == nil ? [] : [item]) : runnableItems(item.children) }
    }
}
