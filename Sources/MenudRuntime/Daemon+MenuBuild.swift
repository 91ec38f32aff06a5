import Foundation
import MenudCore
import MenudLoop
import MenudNative
import MenudPluginAPI

extension Daemon {
    /// Asks the plugins for their items for the files of `snapshots`; the menu is answered by
    /// `finishBuild` once all have answered or `menuBuildTimeout` passed.
    func startBuild(kind: MenuTargetKind, snapshots: [FileSnapshot], layout: JSONObject?, reply: ReplyTarget) throws -> HandlerResult {
        // Which file each name stands for is looked up now, for the files an action may name
        // (the target, or the directory menu's rows); see TargetCheck.
        let identified = kind == .directory ? min(snapshots.count, Daemon.directoryMenuRowLimit) : snapshots.count
        let (files, shown) = targetFiles(snapshots, identified: identified)
        let menuTarget = MenuTarget(kind: kind, files: files, root: settings.root)
        let title: String
        switch kind {
        case .file: title = files[0].path
        case .selection: title = "\(files.count) files"
        case .directory: title = (settings.root as NSString).lastPathComponent
        }
        // A name that is not valid UTF-8 shows U+FFFD in `path`, which may be another file's
        // real name: only plugins that work from the exact bytes see such files. For one file or
        // a selection the others are not asked; for the directory they get the other files.
        let allValid = snapshots.allSatisfy { $0.path.isValidUTF8 }
        var textOnlyTarget: MenuTarget?
        if !allValid && kind == .directory {
            let kept = zip(snapshots, files).filter { $0.0.path.isValidUTF8 }.map(\.1)
            textOnlyTarget = MenuTarget(kind: kind, files: kept, root: settings.root)
        }
        var targets: [String: MenuTarget] = [:]
        var entries: [PluginHost.Entry] = []
        for entry in plugins.entries {
            let accepts = allValid || entry.plugin.acceptsNamesThatAreNotUTF8
            guard let target = accepts ? menuTarget : textOnlyTarget else { continue }
            targets[entry.name] = target
            entries.append(entry)
        }
        let build = MenuBuild(id: menus.nextBuildId, reply: reply, target: menuTarget, shown: shown,
                              targetPaths: snapshots.map(\.path), title: title, layout: layout, plugins: entries.map(\.name))
        menus.nextBuildId += 1
        menus.builds[build.id] = build
        guard !entries.isEmpty else {
            finishBuild(build)
            return .deferred
        }
        // Plugins that can answer at once do so here, on the loop, without a thread hand-off;
        // one that takes too long for that is asked on another thread from then on.
        var asynchronous: [PluginHost.Entry] = []
        for entry in entries {
            guard !menus.slowImmediatePlugins.contains(entry.name) else {
                asynchronous.append(entry)
                continue
            }
            let started = MonotonicTime.nowMs()
            let result: Result<[MenuItem]?, any Error>
            do { result = .success(try entry.plugin.immediateItems(for: targets[entry.name]!)) } catch { result = .failure(error) }
            let elapsed = MonotonicTime.nowMs() - started
            if elapsed > settings.menuBuildTimeoutMs {
                menus.slowImmediatePlugins.insert(entry.name)
                log.warning("plugin \(entry.name) took \(elapsed) ms to build its items on the event loop; it is asked on another thread from now on")
            }
            switch result {
            case .success(.some(let items)): pluginBuilt(build.id, plugin: entry.name, .success(items))
            case .success(.none): asynchronous.append(entry)
            case .failure(let error): pluginBuilt(build.id, plugin: entry.name, .failure(error))
            }
        }
        if asynchronous.isEmpty { return .deferred }
        let inbox = self.inbox!
        for entry in asynchronous {
            let buildId = build.id
            let name = entry.name
            let plugin = entry.plugin
            let target = targets[entry.name]!
            build.tasks.append(Task.detached {
                let result: Result<[MenuItem], any Error>
                do { result = .success(try await plugin.items(for: target)) } catch { result = .failure(error) }
                inbox.post(.completion(LoopCompletion { daemon in daemon.pluginBuilt(buildId, plugin: name, result) }))
            })
        }
        let timer = try LoopTimer(loop: loop)
        build.timer = timer
        timer.start(afterMs: UInt64(settings.menuBuildTimeoutMs)) { [unowned self, unowned build] in
            for name in build.waiting.sorted() {
                log.warning("plugin \(name) took longer than menuBuildTimeout (\(DurationText.format(settings.menuBuildTimeoutMs))) to build its items; it is left out of this menu")
            }
            finishBuild(build)
        }
        return .deferred
    }

    /// The files as plugins see them (exact bytes in `pathBytes`), and what the menu shows of
    /// each: for the first `identified`, the device and inode their names stand for now, looked
    /// up beneath the root without following links (`nil` when the name is not a regular file).
    func targetFiles(_ snapshots: [FileSnapshot], identified: Int) -> (files: [TargetFile], shown: [ShownFile]) {
        let fileSystem = BeneathRootFileSystem(root: rootDirectory)
        var files: [TargetFile] = []
        var shown: [ShownFile] = []
        files.reserveCapacity(snapshots.count)
        shown.reserveCapacity(identified)
        for (index, snapshot) in snapshots.enumerated() {
            var node: FileNodeID?
            if index < identified {
                if case .found(let entry) = fileSystem.lookUp(snapshot.path), entry.kind == .file { node = entry.node }
                shown.append(ShownFile(path: snapshot.path, node: node, state: snapshot.state))
            }
            let display = snapshot.path.displayString
            files.append(TargetFile(
                path: display, pathBytes: snapshot.path.bytes, absolutePath: settings.root + "/" + display,
                state: MenudPluginAPI.FileState(rawValue: snapshot.state.rawValue) ?? .pending,
                size: snapshot.size, sizeText: snapshot.sizeText, mtimeMs: snapshot.mtimeMs,
                identity: node.map { FileIdentity(device: $0.device, inode: $0.inode) }))
        }
        return (files, shown)
    }

    func pluginBuilt(_ buildId: Int, plugin name: String, _ result: Result<[MenuItem], any Error>) {
        guard let build = menus.builds[buildId], build.waiting.contains(name) else {
            if case .failure(let error) = result { log.debug("plugin \(name) failed after its menu was built: \(error)") }
            return
        }
        build.waiting.remove(name)
        switch result {
        case .success(let items):
            let problems = MenuItem.problems(in: items)
            if problems.isEmpty {
                build.results[name] = items
            } else {
                log.warning("plugin \(name) built invalid items (\(problems.joined(separator: "; "))); it is left out of this menu")
            }
        case .failure(let error):
            log.warning("plugin \(name) failed to build its items: \(error); it is left out of this menu")
        }
        if build.waiting.isEmpty { finishBuild(build) }
    }
}
