import Foundation
import MenuLayout
import MenudCore
import MenudLoop
import MenudPluginAPI

extension Daemon {
    /// Assembles the menu from what the plugins gave, registers it and answers `menu.open`.
    func finishBuild(_ build: MenuBuild) {
        guard menus.builds.removeValue(forKey: build.id) != nil else { return }
        build.timer?.close()
        build.timer = nil
        for task in build.tasks { task.cancel() }
        let connection = build.reply.connection
        guard !connection.isClosed else { return }

        var groups: [(plugin: String, items: [MenuItem])] = []
        let defaultAction = settings.defaultFileAction.flatMap(Daemon.splitItemIdentifier)
        let isDirectory = build.target.kind == .directory
        let rowFiles = isDirectory ? Array(build.target.files.prefix(Daemon.directoryMenuRowLimit)) : []
        if isDirectory {
            // A row acts on its file's exact name; one that is not valid UTF-8 only through a
            // default action whose plugin works from the bytes.
            let defaultAcceptsAnyName = defaultAction.flatMap { plugins.plugin(named: $0.plugin) }?.acceptsNamesThatAreNotUTF8 ?? false
            var rows: [MenuItem] = []
            for (index, file) in rowFiles.enumerated() {
                let reachable = defaultAcceptsAnyName || build.shown[index].path.isValidUTF8
                rows.append(MenuItem(
                    id: "row-\(index)", title: file.path, badge: Badge(file.state),
                    status: StyledText(file.state.displayName, color: file.state.color),
                    detail: StyledText(file.sizeText, color: .detail),
                    disabled: file.state == .pending || defaultAction == nil || !reachable,
                    action: { _ in ActionOutcome() }))
            }
            if build.target.files.count > rowFiles.count {
                rows.append(MenuItem(id: "more", title: "… \(build.target.files.count - rowFiles.count) more files (files.list shows all)", disabled: true))
            }
            groups.append(("", rows))
        }
        for entry in plugins.entries {
            guard let items = build.results[entry.name], !items.isEmpty else { continue }
            groups.append((entry.name, items))
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
                    resolved[id] = ResolvedItem(plugin: plugin, item: item, scope: .row, kind: .file, files: [rowFiles[index]],
                                                shown: [build.shown[index]], lockPaths: [build.shown[index].path], defaultAction: defaultAction)
                } else if isDirectory {
                    resolved[id] = ResolvedItem(plugin: plugin, item: item, scope: .directory, kind: .directory, files: [],
                                                shown: [], lockPaths: build.targetPaths, defaultAction: nil)
                } else {
                    resolved[id] = ResolvedItem(plugin: plugin, item: item, scope: .targets, kind: build.target.kind,
                                                files: build.target.files, shown: build.shown, lockPaths: build.targetPaths,
                                                defaultAction: nil)
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
}
