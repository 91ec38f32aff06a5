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

        return try startBuild(kind: kind, snapshots: snapshots, layout: layout?.objectValue, reply: reply)
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
}
