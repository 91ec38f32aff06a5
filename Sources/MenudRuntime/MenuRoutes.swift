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
        router.on("menu.open") { request, context in try open(request.params, context: context) }
        router.on("menu.select") { request, context in
            try request.params.rejectUnknownKeys(allowed: ["menu", "item"])
            let menu = try menuID(request.params)
            guard let item = try request.params.optionalString("item") else {
                throw RPCError.invalidParams(param: "item", "item is required: the id of one of the menu's items")
            }
            return try menus.select(menu: menu, item: item, by: context.connection)
        }
        router.on("menu.dismissed") { request, context in
            try request.params.rejectUnknownKeys(allowed: ["menu", "input"])
            let menu = try menuID(request.params)
            let input = try request.params.optionalString("input")
            return try menus.dismissed(menu: menu, input: input, context: context)
        }
        router.on("menu.cancel") { request, context in
            try request.params.rejectUnknownKeys(allowed: ["menu"])
            return try menus.cancel(menu: try menuID(request.params), by: context.connection)
        }
    }

    /// "files.inspect" -> ("files", "inspect").
    static func splitItemIdentifier(_ text: String) -> (plugin: String, itemId: String)? {
        guard let dot = text.firstIndex(of: ".") else { return nil }
        return (String(text[..<dot]), String(text[text.index(after: dot)...]))
    }

    private func menuID(_ params: JSONObject) throws -> MenuID {
        guard let text = try params.optionalString("menu") else {
            throw RPCError.invalidParams(param: "menu", "menu is required: the id menu.open returned")
        }
        return MenuID(rawValue: text)
    }

    private func open(_ params: JSONObject, context: RequestContext) throws -> HandlerResult {
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
            let path = try paths.resolve(target, key: "path")
            guard let snapshot = files.snapshot(of: path) else { throw RPCError.notFound(path: path.displayString) }
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
                let path = try paths.resolve(bytes: Array(text.utf8), param: "target.paths")
                guard let snapshot = files.snapshot(of: path) else { throw RPCError.notFound(path: path.displayString) }
                if seen.insert(path).inserted { snapshots.append(snapshot) }
            }
            kind = snapshots.count == 1 ? .file : .selection
        } else if let row = target["row"] {
            guard let index = row.intValue, index >= 0 else {
                throw RPCError.invalidParams(param: "target.row", "row must be a whole number, 0 or more")
            }
            let page = try? files.list(FileQuery(offset: Int(min(index, Int64(Int.max))), limit: 1))
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
            snapshots = ((try? files.list(FileQuery()))?.files) ?? []
        } else {
            throw RPCError.invalidParams(param: "target", "target takes exactly one of path, pathBase64, paths, row, background")
        }
        return menus.open(kind: kind, snapshots: snapshots, layout: layout?.objectValue, context: context)
    }
}
