import MenuLayout
import MenudCore
import MenudPluginAPI
import MenudJSON
import MenudProtocol

/// `menu.open`, `menu.select`, `menu.dismissed` and `menu.cancel`: their params, and what the
/// menu service does with them.
struct MenuRoutes {
    let menus: MenuService
    let files: any TrackedFiles
    let paths: RequestPaths

    func register(on router: RPCRouter) {
        router.on(MenuOpen.self) { params, context in try open(params, context: context) }
        router.on(MenuSelect.self) { params, context in
            try menus.select(menu: MenuID(rawValue: params.menu), item: params.item, by: context.connection)
        }
        router.on(MenuDismissed.self) { params, context in
            try menus.dismissed(menu: MenuID(rawValue: params.menu), input: params.input, context: context)
        }
        router.on(MenuCancel.self) { params, context in
            try menus.cancel(menu: MenuID(rawValue: params.menu), by: context.connection)
        }
    }

    /// "files.inspect" -> ("files", "inspect").
    static func splitItemIdentifier(_ text: String) -> (plugin: String, itemId: String)? {
        guard let dot = text.firstIndex(of: ".") else { return nil }
        return (String(text[..<dot]), String(text[text.index(after: dot)...]))
    }

    private func open(_ params: MenuOpenParams, context: RequestContext) throws -> HandlerResult {
        // Check the layout before any plugin runs, so a bad one fails fast.
        if let layout = params.layout { _ = try MenuLayoutRequest(json: layout) }

        let kind: MenuTargetKind
        var snapshots: [FileSnapshot]
        switch params.target {
        case .path(let parameter):
            let path = try paths.resolve(parameter)
            guard let snapshot = files.snapshot(of: path) else { throw RPCError.notFound(path: path.displayString) }
            kind = .file
            snapshots = [snapshot]
        case .paths(let parameters):
            var seen: Set<RelativePath> = []
            snapshots = []
            for parameter in parameters {
                let path = try paths.resolve(parameter)
                guard let snapshot = files.snapshot(of: path) else { throw RPCError.notFound(path: path.displayString) }
                if seen.insert(path).inserted { snapshots.append(snapshot) }
            }
            kind = snapshots.count == 1 ? .file : .selection
        case .row(let index):
            let page = try? files.list(FileQuery(offset: Int(min(index, Int64(Int.max))), limit: 1))
            guard let snapshot = page?.files.first else {
                // A long press below the last row: no menu for empty space.
                return .value(.object(["menu": .null]))
            }
            kind = .file
            snapshots = [snapshot]
        case .background:
            return try menus.openDirectory(layout: params.layout, context: context)
        }
        return try menus.open(kind: kind, snapshots: snapshots, layout: params.layout, context: context)
    }
}
