import MenudCore
import MenudNative
import MenudPluginAPI
import MenudProtocol

extension ActionRunner {
    /// The action's turn has come: hands what the loop knows now (the tracker's facts of its
    /// files, the current plugin) to an ``ActionInvocation`` on a thread of its own, which
    /// checks the files and asks the plugin again before anything runs.
    func start(_ action: RunningAction) {
        guard let inbox, let launcher else { return }
        let menu = action.menu
        let resolved = action.resolved
        let log = self.log
        let source = resolved.source
        let plugin = plugins.plugin(named: source.plugin)
        let acceptsAnyName = plugin?.acceptsNamesThatAreNotUTF8 ?? false
        let openedRoot = openRoot()
        let opened = try? openedRoot.get()
        let rootDirectory = opened?.directory
        let rootNode = opened?.node
        let rootOutOfDescriptors = if case .failure(.outOfDescriptors) = openedRoot { true } else { false }
        let tracked: [TrackedFile?]
        var directory: TargetDirectory?
        switch resolved.scope {
        case .targets, .row:
            tracked = resolved.shown.map { trackedFile($0.path) }
        case .directory:
            // Counted now; the files are asked for as the action runs, a page at a time,
            // each page as it is then (not the menu's list).
            tracked = []
            directory = directoryView(rootDirectory: rootDirectory, acceptsAnyName: acceptsAnyName)
        }
        let logName = resolved.plugin.isEmpty ? "menud" : resolved.plugin
        let invocation = ActionInvocation(
            resolved: resolved, plugin: plugin, tracked: tracked, directory: directory, root: settings.root,
            rootDirectory: rootDirectory, rootNode: rootNode, rootOutOfDescriptors: rootOutOfDescriptors, acceptsAnyName: acceptsAnyName, input: action.input,
            progress: ProgressReporter { fraction, message in
                inbox.post { runner in runner.actionProgress(menu, fraction: fraction, message: message) }
            },
            log: PluginLogger { level, message in
                switch level {
                case .info: log.info("\(logName): \(message)")
                case .warning: log.warning("\(logName): \(message)")
                case .error: log.error("\(logName): \(message)")
                }
            },
            processes: launcher)
        let what = resolved.scope == .directory ? "the folder" : resolved.files.count == 1 ? resolved.files[0].path : "\(resolved.files.count) files"
        log.log(.info, pieces: "running ", source.plugin, ".", source.itemId, " (\"", resolved.item.title, "\") for menu ", menu.rawValue, " on ", what)
        let thread = ActionThread(name: "menud-action")
        action.thread = thread
        ConcurrencyRuntime.start()
        action.task = Task(executorPreference: thread) {
            let result: Result<ActionOutcome, any Error>
            do {
                result = .success(try await invocation.run())
            } catch {
                result = .failure(error)
            }
            inbox.post { runner in runner.actionFinished(menu, result) }
            thread.close()
        }
    }

    /// The folder as a directory-wide action sees it (``DirectoryPages/actionView``).
    private func directoryView(rootDirectory: DirectoryDescriptor?, acceptsAnyName: Bool) -> TargetDirectory {
        let counts = files.counts
        guard let pages = pager?.pages else {
            return TargetDirectory(counts: TargetFileCounts(counts)) { _ in
                throw ActionFailure("The folder's files cannot be listed: the daemon's directory pages are not running.")
            }
        }
        return pages.actionView(counts: counts, root: settings.root, rootDirectory: rootDirectory, acceptsAnyName: acceptsAnyName)
    }

    private func trackedFile(_ path: RelativePath) -> TrackedFile? {
        guard let facts = files.facts(of: path), let state = files.state(of: path) else { return nil }
        return TrackedFile(path: path, facts: facts, state: state)
    }
}
