import MenudText
import MenudCore
import MenudJSON
import MenudProtocol
import MenudPluginAPI

extension MenuService {
    /// `menu.open {background: true}`: the directory menu, costing the rows it shows. Its rows
    /// are the first ``DirectoryRows/limit`` files of the ordered index (one page), its
    /// "… N more files" row comes from the count, and plugins get the folder as counts and
    /// pages (``TargetDirectory``), never a list of every file.
    func openDirectory(layout: JSONObject?, context: RequestContext) throws -> HandlerResult {
        var rows: [(path: RelativePath, state: MenudProtocol.FileState, size: Int64, mtimeMs: Int64)] = []
        rows.reserveCapacity(min(files.count, DirectoryRows.limit))
        let summary = try? files.forEachFile(FileQuery(limit: DirectoryRows.limit)) { view in
            rows.append((RelativePath(bytes: view.pathBytes), view.state, view.size, view.mtimeMs))
        }
        let total = summary?.total ?? rows.count
        // Which file each row's name stands for is looked up now, for the row's action; see TargetCheck.
        let (rootDirectory, rootNode) = try openRootForMenu()
        let fileSystem = BeneathRootFileSystem(root: rootDirectory)
        var rowFiles: [TargetFile] = []
        var shown: [ShownFile] = []
        rowFiles.reserveCapacity(rows.count)
        shown.reserveCapacity(rows.count)
        for row in rows {
            let (node, birth) = try identify(row.path, in: fileSystem)
            shown.append(ShownFile(path: row.path, node: node, state: row.state, birthNs: birth))
            rowFiles.append(DirectoryPages.targetFile(
                row.path, state: row.state, size: row.size, mtimeMs: row.mtimeMs,
                identity: node.map { FileIdentity(device: $0.device, inode: $0.inode) }, birthNs: birth, root: settings.root))
        }
        let counts = files.counts
        let request = ItemsRequest(target: MenuTarget(directory: directoryView(counts, acceptsAnyName: true), root: settings.root),
                                   namesAllValid: false,
                                   textOnlyTarget: MenuTarget(directory: directoryView(counts, acceptsAnyName: false), root: settings.root))
        let target = MenuAssemblyTarget(kind: .directory, files: rowFiles, shown: shown, targetPaths: rows.map(\.path),
                                        defaultAction: settings.defaultFileAction.flatMap(MenuRoutes.splitItemIdentifier), root: rootNode)
        let title = PathText.lastComponent(settings.root)
        let responder = context.deferAnswer()
        host.collect(request, for: context.connection) { [unowned self] collected in
            answer(responder, target: target, title: title, fileCount: total, layout: layout, collected: collected)
        }
        return .deferred
    }

    /// The folder as a plugin building items sees it.
    private func directoryView(_ counts: ReadinessCounts, acceptsAnyName: Bool) -> TargetDirectory {
        guard let pages = pager?.pages else {
            return TargetDirectory(counts: TargetFileCounts(counts)) { _ in
                throw ActionFailure("The folder's files cannot be listed: the daemon's directory pages are not running.")
            }
        }
        return pages.menuView(counts: counts, root: settings.root, acceptsAnyName: acceptsAnyName)
    }
}
