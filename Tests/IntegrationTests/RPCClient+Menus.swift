import Foundation

extension RPCClient {
    /// Every item of a menu, depth first.
    static func flatten(_ items: [[String: Any]]) -> [[String: Any]] {
        items.flatMap { [$0] + flatten($0["children"] as? [[String: Any]] ?? []) }
    }

    /// Opens the menu of `target` and returns its id and the id of the item titled `title`.
    func openMenu(_ target: [String: Any], item title: String) throws -> (menu: String, item: String) {
        let result = try call("menu.open", ["target": target])
        guard let menu = result["menu"] as? [String: Any], let id = menu["id"] as? String else {
            throw DaemonTestError("menu.open gave no menu: \(result)")
        }
        guard let item = RPCClient.flatten(menu["items"] as? [[String: Any]] ?? []).first(where: { $0["title"] as? String == title }),
              let itemId = item["id"] as? String else {
            throw DaemonTestError("no item \(title) in \(menu)")
        }
        return (id, itemId)
    }

    /// The whole handshake: menu.open, menu.select, menu.dismissed; returns the dismissal's result.
    func pick(_ target: [String: Any], _ title: String, input: String? = nil) throws -> [String: Any] {
        let (menu, item) = try openMenu(target, item: title)
        let selected = try call("menu.select", ["menu": menu, "item": item])
        guard selected["dismiss"] as? Bool == true else { throw DaemonTestError("menu.select answered \(selected)") }
        var params: [String: Any] = ["menu": menu]
        if let input { params["input"] = input }
        return try call("menu.dismissed", params, timeoutMs: 30_000)
    }
}
