extension LayoutRow {
    /// Flattens a menu's items into rows.
    ///
    /// - A plain item is one row; an item with children that is not inline is one row with
    ///   `hasSubmenu` set (its children are not shown here; lay them out as a child menu).
    /// - An inline item with children becomes a group: an optional header (its title, when not
    ///   empty) and its children, flattened recursively. A disabled inline item disables its
    ///   children. An inline item without children adds nothing.
    /// - Groups are set apart by separators: one separator between a group and whatever precedes
    ///   or follows it, never two in a row, never first or last.
    public static func rows(from items: [LayoutItem]) -> [LayoutRow] {
        var rows: [LayoutRow] = []
        var needsSeparator = false
        appendRows(of: items, disabled: false, to: &rows, needsSeparator: &needsSeparator)
        return rows
    }

    private static func appendRows(
        of items: [LayoutItem],
        disabled inheritedDisabled: Bool,
        to rows: inout [LayoutRow],
        needsSeparator: inout Bool
    ) {
        for item in items {
            let disabled = inheritedDisabled || item.disabled
            if item.inline {
                guard !item.children.isEmpty else { continue }
                if !rows.isEmpty { needsSeparator = true }
                if needsSeparator {
                    rows.append(.separator)
                    needsSeparator = false
                }
                if !item.title.isEmpty { rows.append(.header(item.title)) }
                appendRows(of: item.children, disabled: disabled, to: &rows, needsSeparator: &needsSeparator)
                needsSeparator = true
            } else {
                if needsSeparator {
                    rows.append(.separator)
                    needsSeparator = false
                }
                rows.append(LayoutRow(
                    id: item.id,
                    title: item.title,
                    badge: item.badge,
                    status: item.status,
                    detail: item.detail,
                    key: item.key,
                    disabled: disabled,
                    destructive: item.destructive,
                    hasSubmenu: item.isSubmenu
                ))
            }
        }
    }
}
