import Foundation
import MenuLayout
import MenudCore
import MenudLoop
import MenudNative
import MenudPluginAPI

extension Daemon {
    /// Directory menus list at most this many files; a last disabled row says how many more
    /// there are (files.list pages through all of them).
    static let directoryMenuRowLimit = 1000

    func registerMenuMethods() {
        methods["menu.open"] = { daemon, connection, request, reply in try daemon.openMenu(request.params, connection: connection, reply: reply) }
        methods["menu.select"] = { daemon, connection, request, _ in try daemon.selectMenuItem(request.params, connection: connection) }
        methods["menu.dismissed"] = { daemon, connection, request, reply in try daemon.menuDismissed(request.params, connection: connection, reply: reply) }
        methods["menu.cancel"] = { daemon, connection, request, _ in try daemon.cancelMenu(request.params, connection: connection) }
    }

    func pluginSummaries() -> [(name: String, version: String, actions: Int)] {
        plugins.entries.map { ($0.name, $0.plugin.version, $0.plugin.actionTitles.count) }
    }

    // MARK: menu.open

    private func openMenu(_ params: JSONObject, connection: ClientConnection, reply: ReplyTarget) throws -> HandlerResult {
        try params.rejectUnknownKeys(allowed: ["target", "layout"])
        guard let target = params["target"]?.objectValue else {
            throw RPCError.invalidParams(param: "target", "target is required: {\"path\": p}, {\"paths\": [p, ...]}, {\"row\": n} or {\"background\": true}")
        }
        let layout = params["layout"].flatMap { $0.isNull ? nil : $0 }
        if let layout, layout.objectValue == nil {
            throw RPCError.invalidParams(param: "layout", "layout must be an object: {viewport: {cols, rows}, source: {col, row, width, height}, width: {auto: {min}} | {fixed: n}}")
        }
        // Check the layout before any plugin runs, so a bad one fails fast.
        if let layout = layout?.objectValue { _ = try MenuLayoutRequest(json: layout) }

        let kind: MenuTargetKind
        var snapshots: [FileSnapshot]
        if target.count != 1 {
            throw RPCError.invalidParams(param: "target", "target takes exactly one of path, pathBase64, paths, row, background")
        }
        if target["path"] != nil || target["pathBase64"] != nil {
            let path = try resolvePath(target, key: "path")
            guard let snapshot = tracker.snapshot(of: path) else { throw RPCError.notFound(path: path.displayString) }
            kind = .file
            snapshots = [snapshot]
        } else if let list = target["paths"] {
            guard let elements = list.arrayValue, !elements.isEmpty else {
                throw RPCError.invalidParams(param: "target.paths", "paths must be a non-empty list of paths")
            }
            var seen: Set<RelativePath> = []
            snapshots = []
            for element in elements {
                guard let text = element.stringValue else {
                    throw RPCError.invalidParams(param: "target.paths", "every entry of paths must be a string")
                }
                let path = try resolvePath(bytes: Array(text.utf8), param: "target.paths")
                guard let snapshot = tracker.snapshot(of: path) else { throw RPCError.notFound(path: path.displayString) }
                if seen.insert(path).inserted { snapshots.append(snapshot) }
            }
            kind = snapshots.count == 1 ? .file : .selection
        } else if let row = target["row"] {
            guard let index = row.intValue, index >= 0 else {
                throw RPCError.invalidParams(param: "target.row", "row must be a whole number, 0 or more")
            }
            let page = try? tracker.list(FileQuery(offset: Int(min(index, Int64(Int.max))), limit: 1))
            guard let snapshot = page?.files.first else {
                // A long press below the last row: no menu for empty space.
                return .value(.object(["menu": .null]))
            }
            kind = .file
            snapshots = [snapshot]
        } else if target["background"] != nil {
            guard target["background"]?.boolValue == true else {
                throw RPCError.invalidParams(param: "target.background", "background must be true")
            }
            kind = .directory
            snapshots = ((try? tracker.list(FileQuery()))?.files) ?? []
        } else {
            throw RPCError.invalidParams(param: "target", "target takes exactly one of path, pathBase64, paths, row, background")
        }

        let files = snapshots.map(targetFile)
        let menuTarget = MenuTarget(kind: kind, files: files, root: settings.root)
        let title: String
        switch kind {
        case .file: title = files[0].path
        case .selection: title = "\(files.count) files"
        case .directory: title = (settings.root as NSString).lastPathComponent
        }
        // Plugins work on paths as text; a name that is not valid UTF-8 gets no plugin actions
        // (its row still shows in the directory menu).
        let usable = kind == .directory || snapshots.allSatisfy { $0.path.isValidUTF8 }
        let pluginNames = usable ? plugins.entries.map(\.name) : []
        let build = MenuBuild(id: menus.nextBuildId, reply: reply, target: menuTarget, targetPaths: snapshots.map(\.path),
                              title: title, layout: layout?.objectValue, plugins: pluginNames)
        menus.nextBuildId += 1
        menus.builds[build.id] = build
        guard !pluginNames.isEmpty else {
            finishBuild(build)
            return .deferred
        }
        // Plugins that can answer at once do so here, on the loop, without a thread hand-off;
        // one that takes too long for that is asked on another thread from then on.
        var asynchronous: [PluginHost.Entry] = []
        for entry in plugins.entries {
            guard !menus.slowImmediatePlugins.contains(entry.name) else {
                asynchronous.append(entry)
                continue
            }
            let started = MonotonicTime.nowMs()
            let result: Result<[MenuItem]?, any Error>
            do { result = .success(try entry.plugin.immediateItems(for: menuTarget)) } catch { result = .failure(error) }
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
            build.tasks.append(Task.detached {
                let result: Result<[MenuItem], any Error>
                do { result = .success(try await plugin.items(for: menuTarget)) } catch { result = .failure(error) }
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

    func targetFile(_ snapshot: FileSnapshot) -> TargetFile {
        TargetFile(path: snapshot.path.displayString,
                   absolutePath: settings.root + "/" + snapshot.path.displayString,
                   state: MenudPluginAPI.FileState(rawValue: snapshot.state.rawValue) ?? .pending,
                   size: snapshot.size, sizeText: snapshot.sizeText, mtimeMs: snapshot.mtimeMs)
    }

    private func pluginBuilt(_ buildId: Int, plugin name: String, _ result: Result<[MenuItem], any Error>) {
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

    /// Assembles the menu from what the plugins gave, registers it and answers `menu.open`.
    private func finishBuild(_ build: MenuBuild) {
        guard menus.builds.removeValue(forKey: build.id) != nil else { return }
        build.timer?.close()
        build.timer = nil
        for task in build.tasks { task.cancel() }
        let connection = build.reply.connection
        guard !connection.isClosed else { return }

        var groups: [(plugin: String, items: [MenuItem], files: [TargetFile])] = []
        let defaultAction = settings.defaultFileAction.flatMap(Daemon.splitItemIdentifier)
        let rowFiles = build.target.kind == .directory ? Array(build.target.files.prefix(Daemon.directoryMenuRowLimit)) : []
        if build.target.kind == .directory {
            var rows: [MenuItem] = []
            for (index, file) in rowFiles.enumerated() {
                rows.append(MenuItem(
                    id: "row-\(index)", title: file.path, badge: Badge(file.state),
                    status: StyledText(file.state.displayName, color: file.state.color),
                    detail: StyledText(file.sizeText, color: .detail),
                    disabled: file.state == .pending || defaultAction == nil,
                    action: { _ in ActionOutcome() }))
            }
            if build.target.files.count > rowFiles.count {
                rows.append(MenuItem(id: "more", title: "… \(build.target.files.count - rowFiles.count) more files (files.list shows all)", disabled: true))
            }
            groups.append(("", rows, []))
        }
        for entry in plugins.entries {
            guard let items = build.results[entry.name], !items.isEmpty else { continue }
            groups.append((entry.name, items, build.target.files))
        }
        // With more than one source, each (the directory's file rows, every plugin) becomes an
        // inline group, shown with separators between them.
        var rendered: [(plugin: String, item: MenuItem)] = []
        for group in groups {
            if groups.count > 1 {
                rendered.append((group.plugin, MenuItem.group(id: "group-\(group.plugin.isEmpty ? "files" : group.plugin)", group.items)))
            } else {
                rendered.append(contentsOf: group.items.map { (group.plugin, $0) })
            }
        }

        // Menu-wide ids in depth-first order; keys unique within the menu.
        var ids: [String] = []
        var resolved: [String: ResolvedItem] = [:]
        var descriptors: [MenuSessionItem] = []
        var usedKeys: Set<Character> = []
        func visit(_ item: inout MenuItem, plugin: String) {
            let id = "i\(ids.count + 1)"
            ids.append(id)
            if let key = item.key, !usedKeys.insert(key).inserted { item.key = nil }
            let isGroup = !item.children.isEmpty
            descriptors.append(MenuSessionItem(id: id, isDisabled: item.isDisabled || (item.action == nil && !isGroup),
                                               isSubmenu: isGroup, needsInput: item.input != nil))
            if !isGroup, item.action != nil {
                if plugin.isEmpty, item.id.hasPrefix("row-"), let index = Int(item.id.dropFirst(4)), index < rowFiles.count {
                    resolved[id] = ResolvedItem(plugin: plugin, item: item, files: [rowFiles[index]], defaultAction: defaultAction)
                } else {
                    resolved[id] = ResolvedItem(plugin: plugin, item: item, files: build.target.files, defaultAction: nil)
                }
            }
            for index in item.children.indices { visit(&item.children[index], plugin: plugin) }
        }
        for index in rendered.indices { visit(&rendered[index].item, plugin: rendered[index].plugin) }

        let session: MenuSession
        do {
            session = try menus.sessions.open(
                connection: ConnectionID(connection.id),
                target: build.target.kind == .directory ? .directory : .paths(build.targetPaths.map(\.displayString)),
                items: descriptors)
        } catch {
            finish(build.reply, with: .failure(RPCError(error)))
            return
        }
        var statesAtOpen: [RelativePath: MenudCore.FileState] = [:]
        for path in build.targetPaths.prefix(Daemon.directoryMenuRowLimit) { statesAtOpen[path] = tracker.snapshot(of: path)?.state }
        menus.open[session.id] = OpenMenu(id: session.id, connection: connection, isDirectory: build.target.kind == .directory,
                                          statesAtOpen: statesAtOpen, items: resolved)
        armMenuExpiry()

        var writer = JSONWriter(reservingCapacity: 512 + rendered.count * 200)
        writer.beginObject()
        writer.key("menu")
        writer.beginObject()
        writer.key("id"); writer.writeString(session.id.rawValue)
        writer.key("title"); writer.writeString(build.title)
        writer.key("items")
        writer.beginArray()
        var idIterator = ids.makeIterator()
        for entry in rendered { entry.item.write(to: &writer, ids: &idIterator, plugin: entry.plugin) }
        writer.endArray()
        writer.key("expiresAtMs"); writer.writeInt(session.expiresAtMs)
        writer.endObject()
        if let layoutParams = build.layout {
            do {
                let request = try MenuLayoutRequest(json: layoutParams)
                let rows = LayoutRow.rows(from: rendered.map { $0.item.layoutItem })
                let result = try MenuLayoutCalculator.layout(rows: rows, for: request)
                writer.key("layout")
                result.write(to: &writer)
            } catch {
                // Checked before the build; a failure here would be a bug in the layout rules.
                log.error("layout failed after validation: \(error)")
            }
        }
        writer.endObject()
        finish(build.reply, with: .success(.encoded(writer.bytes)))
    }

    /// "files.inspect" -> ("files", "inspect").
    static func splitItemIdentifier(_ text: String) -> (plugin: String, itemId: String)? {
        guard let dot = text.firstIndex(of: ".") else { return nil }
        return (String(text[..<dot]), String(text[text.index(after: dot)...]))
    }

    // MARK: menu.select / menu.cancel

    private func menuID(_ params: JSONObject) throws -> MenuID {
        guard let text = try params.optionalString("menu") else {
            throw RPCError.invalidParams(param: "menu", "menu is required: the id menu.open returned")
        }
        return MenuID(rawValue: text)
    }

    private func selectMenuItem(_ params: JSONObject, connection: ClientConnection) throws -> HandlerResult {
        try params.rejectUnknownKeys(allowed: ["menu", "item"])
        let menu = try menuID(params)
        guard let item = try params.optionalString("item") else {
            throw RPCError.invalidParams(param: "item", "item is required: the id of one of the menu's items")
        }
        do {
            try menus.sessions.select(menu: menu, item: item, by: ConnectionID(connection.id))
        } catch {
            throw RPCError(error)
        }
        return .value(.object(["dismiss": .bool(true)]))
    }

    private func cancelMenu(_ params: JSONObject, connection: ClientConnection) throws -> HandlerResult {
        try params.rejectUnknownKeys(allowed: ["menu"])
        let menu = try menuID(params)
        do {
            try menus.sessions.cancel(menu: menu, by: ConnectionID(connection.id))
        } catch {
            throw RPCError(error)
        }
        menus.open[menu] = nil
        return .value(.object(["closed": .bool(true)]))
    }

    // MARK: Menu lifetime

    /// Keeps one timer armed for the earliest menu expiry.
    func armMenuExpiry() {
        guard let next = menus.sessions.nextExpiryMs else {
            menus.expiryTimer.stop()
            menus.armedExpiryMs = nil
            return
        }
        guard next != menus.armedExpiryMs || !menus.expiryTimer.isActive else { return }
        menus.armedExpiryMs = next
        menus.expiryTimer.start(afterMs: UInt64(max(0, next - clock.nowMs()))) { [unowned self] in
            menus.armedExpiryMs = nil
            for expired in menus.sessions.expireDue() {
                menus.open[expired.menu] = nil
                log.debug("menu \(expired.menu) expired unused")
            }
            armMenuExpiry()
        }
    }

    func connectionClosed(_ connection: ClientConnection) {
        for menu in menus.sessions.connectionClosed(ConnectionID(connection.id)) {
            menus.open[menu] = nil
        }
        for build in menus.builds.values where build.reply.connection === connection {
            menus.builds[build.id] = nil
            build.timer?.close()
            for task in build.tasks { task.cancel() }
        }
        armMenuExpiry()
    }

    /// Closes menus whose files changed state or vanished, telling their owners. A new file,
    /// or new bytes in a file that stays in its state, leaves menus open.
    func filesDidChange(_ paths: [RelativePath]) {
        guard !menus.open.isEmpty else { return }
        var changes: [String: String] = [:]
        for menu in menus.open.values {
            for path in paths where changes[path.displayString] == nil {
                guard let before = menu.statesAtOpen[path] else { continue }
                if let snapshot = tracker.snapshot(of: path) {
                    if snapshot.state != before {
                        changes[path.displayString] = "\(path.displayString) is now \(snapshot.state.rawValue) (was \(before.rawValue))"
                    }
                } else {
                    changes[path.displayString] = "\(path.displayString) was removed"
                }
            }
        }
        guard !changes.isEmpty else { return }
        for invalidation in menus.sessions.invalidate(changes: changes) {
            guard let menu = menus.open.removeValue(forKey: invalidation.menu) else { continue }
            var writer = JSONWriter(reservingCapacity: 128)
            writer.beginObject()
            writer.key("menu"); writer.writeString(invalidation.menu.rawValue)
            writer.key("reason"); writer.writeString(invalidation.reason)
            writer.endObject()
            write(notificationLine(method: "menu.invalidated", encodedParams: writer.bytes), to: menu.connection)
        }
    }
}
