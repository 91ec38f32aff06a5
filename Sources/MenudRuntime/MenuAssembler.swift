import MenudCore
import MenudPluginAPI

/// Makes one menu of what its sources gave, in one walk of the items: with more than one
/// source, each becomes an inline group (the directory's rows `group-files`, a plugin
/// `group-NAME`); every item gets its menu-wide id (`i1`, `i2`, … depth first); a shortcut key
/// an earlier item has is dropped; and each item with an action is bound to what it acts on.
struct MenuAssembler {
    let target: MenuAssemblyTarget
    private var count = 0
    /// Each shortcut key taken so far -> the index in `keyHolders` of the plugin and the title
    /// of the item that has it (put into words only for a clash).
    private var usedKeys = FewKeyTable<Character, Int>()
    private var keyHolders: [(plugin: String, title: String)] = []
    private var keyClashes: [String] = []
    private var sessionItems: [MenuSessionItem] = []
    private var actions: [String: ResolvedItem] = [:]

    private init(target: MenuAssemblyTarget, itemCount: Int) {
        self.target = target
        // Sized once for the whole menu: grown an item at a time they were copied over and over.
        sessionItems.reserveCapacity(itemCount)
        actions.reserveCapacity(itemCount)
    }

    static func assemble(_ sections: [MenuSection], for target: MenuAssemblyTarget) -> AssembledMenu {
        let itemCount = sections.reduce(sections.count) { count, section in
            section.entries.reduce(count) { $0 + Self.count($1.item) }
        }
        var assembler = MenuAssembler(target: target, itemCount: itemCount)
        var items: [AssembledItem] = []
        let grouped = sections.count > 1
        for section in sections {
            if grouped {
                let group = MenuItem.group(id: "group-\(section.plugin.isEmpty ? "files" : section.plugin)", section.entries.map(\.item))
                items.append(assembler.visit(group, plugin: section.plugin, binding: .target, childBindings: section.entries.map(\.binding)))
            } else {
                for entry in section.entries {
                    items.append(assembler.visit(entry.item, plugin: section.plugin, binding: entry.binding, childBindings: nil))
                }
            }
        }
        return AssembledMenu(items: items, sessionItems: assembler.sessionItems, actions: assembler.actions, keyClashes: assembler.keyClashes)
    }

    /// Assembles `item` and its children (in that order, so ids run depth first).
    private mutating func visit(_ original: MenuItem, plugin: String, binding: MenuSection.Binding,
                                childBindings: [MenuSection.Binding]?) -> AssembledItem {
        count += 1
        let id = "i" + String(count)
        var item = original
        // Only a group's box is copied for it: a leaf's has no children to drop.
        if !item.children.isEmpty { item.children = [] }
        if let key = item.key {
            if let holderIndex = usedKeys.insertIfAbsent(key, keyHolders.count) {
                let holder = keyHolders[holderIndex]
                // Across plugins only: within one, a key repeated in a submenu is its own choice.
                if holder.plugin != plugin {
                    keyClashes.append("\(Self.who(item.title, plugin)) loses its shortcut key \"\(key)\" to \(Self.who(holder.title, holder.plugin)), which comes first in the menu")
                }
                item.key = nil
            } else {
                keyHolders.append((plugin, item.title))
            }
        }
        let isGroup = !original.children.isEmpty
        sessionItems.append(MenuSessionItem(id: id, isDisabled: item.isDisabled || (item.action == nil && !isGroup),
                                            isSubmenu: isGroup, needsInput: item.input != nil))
        if !isGroup, item.action != nil {
            actions[id] = resolved(item, plugin: plugin, binding: binding)
        }
        var children: [AssembledItem] = []
        children.reserveCapacity(original.children.count)
        for (index, child) in original.children.enumerated() {
            children.append(visit(child, plugin: plugin, binding: childBindings?[index] ?? binding, childBindings: nil))
        }
        return AssembledItem(id: id, plugin: plugin, item: item, children: children)
    }

    /// `item` and everything beneath it.
    private static func count(_ item: MenuItem) -> Int {
        item.children.reduce(1) { $0 + count($1) }
    }

    /// An item as a key clash names it: `“title” (plugin NAME)`.
    private static func who(_ title: String, _ plugin: String) -> String {
        "“\(title)” (\(plugin.isEmpty ? "the directory" : "plugin \(plugin)"))"
    }

    /// What an item with an action runs, from what it is bound to.
    private func resolved(_ item: MenuItem, plugin: String, binding: MenuSection.Binding) -> ResolvedItem {
        switch binding {
        case .row(let index):
            return ResolvedItem(plugin: plugin, item: item, scope: .row, kind: .file, files: [target.files[index]],
                                shown: [target.shown[index]], lockPaths: [target.shown[index].path],
                                defaultAction: target.defaultAction, root: target.root)
        case .target where target.kind == .directory:
            return ResolvedItem(plugin: plugin, item: item, scope: .directory, kind: .directory, files: [],
                                shown: [], lockPaths: [], defaultAction: nil, root: target.root)
        case .target:
            return ResolvedItem(plugin: plugin, item: item, scope: .targets, kind: target.kind,
                                files: target.files, shown: target.shown, lockPaths: target.targetPaths, defaultAction: nil,
                                root: target.root)
        }
    }
}
