import MenudCore
import MenudPluginAPI

/// The built-in source of a directory menu's file rows: one row per file (badge, state, size),
/// each bound to its file, running the configured default file action.
enum DirectoryRows {
    /// Directory menus list at most this many files; a last disabled row says how many more
    /// there are (files.list pages through all of them).
    static let limit = 1000

    /// The rows for `files` (the folder's first files, at most ``limit`` shown), `shown`
    /// parallel to them, of the `total` files the folder holds.
    static func section(files: [TargetFile], shown: [ShownFile], total: Int, defaultAction: (plugin: String, itemId: String)?,
                        defaultAcceptsAnyName: Bool) -> MenuSection {
        let rowFiles = files.prefix(limit)
        var entries: [MenuSection.Entry] = []
        entries.reserveCapacity(rowFiles.count + 1)
        for (index, file) in rowFiles.enumerated() {
            // A row acts on its file's exact name; one that is not valid UTF-8 only through a
            // default action whose plugin works from the bytes.
            let reachable = defaultAcceptsAnyName || shown[index].path.isValidUTF8
            let row = MenuItem(
                id: "row-\(index)", title: file.path, badge: Badge(file.state),
                status: StyledText(file.state.displayName, color: file.state.color),
                detail: StyledText(file.sizeText, color: .detail),
                disabled: file.state == .pending || defaultAction == nil || !reachable,
                // What runs is the default action, asked for again when the row's turn comes.
                action: { _ in ActionOutcome() })
            entries.append(MenuSection.Entry(item: row, binding: .row(index)))
        }
        if total > rowFiles.count {
            let more = MenuItem(id: "more", title: "… \(total - rowFiles.count) more files (files.list shows all)", disabled: true)
            entries.append(MenuSection.Entry(item: more, binding: .target))
        }
        return MenuSection(plugin: "", entries: entries)
    }
}
