import MenuLayout
import MenudCore
import MenudNative
import MenudPluginAPI
import MenudJSON
import MenudProtocol

extension MenuService {
    /// `menu.open` for one file or a selection the route has resolved: asks the plugin host for
    /// the items, then assembles the menu, opens its session and answers.
    func open(kind: MenuTargetKind, snapshots: [FileSnapshot], layout: JSONObject?, context: RequestContext) throws -> HandlerResult {
        precondition(kind != .directory, "the directory menu opens through openDirectory")
        // Which file each name stands for is looked up now; see TargetCheck.
        let (rootDirectory, rootNode) = try openRootForMenu()
        let (files, shown) = try targetFiles(snapshots, identified: snapshots.count, root: rootDirectory)
        let menuTarget = MenuTarget(kind: kind, files: files, root: settings.root)
        let title = kind == .file ? files[0].path : "\(files.count) files"
        let allValid = snapshots.allSatisfy { $0.path.isValidUTF8 }
        let request = ItemsRequest(target: menuTarget, namesAllValid: allValid, textOnlyTarget: nil)
        let target = MenuAssemblyTarget(kind: kind, files: files, shown: shown, targetPaths: snapshots.map(\.path),
                                        defaultAction: settings.defaultFileAction.flatMap(MenuRoutes.splitItemIdentifier), root: rootNode)
        let responder = context.deferAnswer()
        host.collect(request, for: context.connection) { [unowned self] collected in
            answer(responder, target: target, title: title, fileCount: files.count, layout: layout, collected: collected)
        }
        return .deferred
    }

    /// The files as plugins see them (exact bytes in `pathBytes`), and what the menu shows of
    /// each: for the first `identified`, the device and inode their names stand for now, looked
    /// up beneath the root without following links (`nil` when the name is not a regular file).
    private func targetFiles(_ snapshots: [FileSnapshot], identified: Int, root: DirectoryDescriptor?) throws -> (files: [TargetFile], shown: [ShownFile]) {
        let fileSystem = BeneathRootFileSystem(root: root)
        var files: [TargetFile] = []
        var shown: [ShownFile] = []
        files.reserveCapacity(snapshots.count)
        shown.reserveCapacity(identified)
        for (index, snapshot) in snapshots.enumerated() {
            var node: FileNodeID?
            var birth: Int64?
            if index < identified {
                (node, birth) = try identify(snapshot.path, in: fileSystem)
                shown.append(ShownFile(path: snapshot.path, node: node, state: snapshot.state, birthNs: birth))
            }
            let display = snapshot.path.displayString
            files.append(TargetFile(
                path: display, pathBytes: snapshot.path.bytes, absolutePath: settings.root + "/" + display,
                state: MenudPluginAPI.FileState(rawValue: snapshot.state.rawValue) ?? .pending,
                size: snapshot.size, sizeText: snapshot.sizeText, mtimeMs: snapshot.mtimeMs,
                identity: node.map { FileIdentity(device: $0.device, inode: $0.inode) }, birthNs: birth))
        }
        return (files, shown)
    }

    /// The plugins have answered: assembles the menu, opens its session and answers `menu.open`.
    /// `fileCount` is how many files the target holds (for a directory, more than its rows).
    func answer(_ responder: Responder, target: MenuAssemblyTarget, title: String, fileCount: Int, layout: JSONObject?,
                collected: PluginHost.Collected) {
        guard responder.isConnectionOpen else { return }
        var sections: [MenuSection] = []
        if target.kind == .directory {
            let defaultAcceptsAnyName = target.defaultAction.flatMap { plugins.plugin(named: $0.plugin) }?.acceptsNamesThatAreNotUTF8 ?? false
            sections.append(DirectoryRows.section(files: target.files, shown: target.shown, total: fileCount,
                                                  defaultAction: target.defaultAction, defaultAcceptsAnyName: defaultAcceptsAnyName))
        }
        sections += collected.map { MenuSection(plugin: $0.plugin, items: $0.items) }
        let menu = MenuAssembler.assemble(sections, for: target)
        for clash in menu.keyClashes where loggedKeyClashes.count < 1024 && loggedKeyClashes.insert(clash).inserted {
            log.info(clash)
        }

        var statesAtOpen: [RelativePath: MenudProtocol.FileState] = [:]
        for path in target.targetPaths.prefix(DirectoryRows.limit) { statesAtOpen[path] = files.state(of: path) }
        let session: MenuSession
        do {
            session = try sessions.open(
                connection: responder.connection,
                target: target.kind == .directory ? .directory : .paths(target.targetPaths.map(\.displayString)),
                items: menu.sessionItems, payload: OpenMenu(statesAtOpen: statesAtOpen, items: menu.actions))
        } catch {
            responder.answer(.failure(RPCError(error)))
            return
        }
        armMenuExpiry()
        responder.answer(.success(.encoded(encode(menu, session: session, title: title, layout: layout))))
    }

    /// The `menu.open` result: the Menu object, and its layout when one was asked for.
    private func encode(_ menu: AssembledMenu, session: MenuSession, title: String, layout: JSONObject?) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 512 + menu.items.count * 200)
        writer.beginObject()
        writer.key(ascii: "menu")
        MenuObject.write(to: &writer, id: session.id.rawValue, title: title, expiresAtMs: session.expiresAtMs) { writer in
            for item in menu.items { item.write(to: &writer) }
        }
        if let layout {
            do {
                let request = try MenuLayoutRequest(json: layout)
                let rows = LayoutRow.rows(from: menu.items.map(\.layoutItem))
                let result = try MenuLayoutCalculator.layout(rows: rows, for: request)
                writer.key(ascii: "layout")
                result.write(to: &writer)
            } catch {
                // Checked before the build; a failure here would be a bug in the layout rules.
                log.error("layout failed after validation: \(error)")
            }
        }
        writer.endObject()
        return writer.bytes
    }
}
