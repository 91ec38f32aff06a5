import Foundation
import MenudProtocol

/// Finds the item `--pick` names.
///
/// In order: an item whose `id` is the text; else the actions (items without children) whose title
/// is exactly the text; else those whose title matches ignoring case (and with `...` taken for
/// `…`). Items inside submenus and inline groups count. A submenu or group named by id is refused
/// (pick one of its items); several matches are refused as ambiguous; both errors, and no match,
/// list the choices. All are usage errors (exit 2).
public enum ItemPicker {
    public static func pick(_ text: String, in menu: MenuObject) throws(MenuctlError) -> MenuItemObject {
        let all = menu.allItems
        let actions = all.filter(\.isAction)
        if let item = all.first(where: { $0.id == text }) {
            guard item.isAction else {
                throw .usage("'\(text)' is \(item.inline ? "a group" : "a submenu"), not an action; pick one of its items:\n\(choices(item.children.flatMap(leaves)))", command: "menu")
            }
            return item
        }
        let exact = actions.filter { $0.title == text }
        if exact.count == 1 { return exact[0] }
        if exact.count > 1 {
            throw .usage("more than one item is titled '\(text)'; pick one by id:\n\(choices(exact))", command: "menu")
        }
        let loose = actions.filter { normalized($0.title) == normalized(text) }
        if loose.count == 1 { return loose[0] }
        if loose.count > 1 {
            throw .usage("more than one item matches '\(text)' ignoring case; pick one by id or exact title:\n\(choices(loose))", command: "menu")
        }
        let list = actions.isEmpty ? "  (the menu has no items)" : choices(actions)
        throw .usage("the menu has no item '\(text)'; pick one by id or title:\n\(list)", command: "menu")
    }

    private static func leaves(_ item: MenuItemObject) -> [MenuItemObject] {
        item.isAction ? [item] : item.children.flatMap(leaves)
    }

    private static func normalized(_ title: String) -> String {
        title.lowercased().replacingOccurrences(of: "…", with: "...")
    }

    /// One line per item: `  id  "title"`, with `(disabled)` where it applies.
    static func choices(_ items: [MenuItemObject]) -> String {
        let width = items.map(\.id.count).max() ?? 0
        return items.map { item in
            let padding = String(repeating: " ", count: max(width - item.id.count, 0))
            return "  \(item.id)\(padding)  \"\(item.title)\"" + (item.disabled ? " (disabled)" : "")
        }.joined(separator: "\n")
    }
}
