/// Moving the cursor between a menu's rows: it rests only on selectable rows
/// (``LayoutRow/isSelectable``), skipping separators, headers and disabled items.
public enum MenuCursor {
    public static func firstSelectable(in rows: [LayoutRow]) -> Int? {
        rows.firstIndex(where: \.isSelectable)
    }

    public static func lastSelectable(in rows: [LayoutRow]) -> Int? {
        rows.lastIndex(where: \.isSelectable)
    }

    /// The next selectable row after `index` (downwards), wrapping to the top when `wrapping`;
    /// `nil` when there is none. `index` may be `nil` (no cursor yet): the first selectable row.
    public static func next(after index: Int?, in rows: [LayoutRow], wrapping: Bool = true) -> Int? {
        guard let index else { return firstSelectable(in: rows) }
        if let found = rows.indices.first(where: { $0 > index && rows[$0].isSelectable }) { return found }
        return wrapping ? firstSelectable(in: rows) : nil
    }

    /// The previous selectable row before `index` (upwards), wrapping to the bottom when
    /// `wrapping`; `nil` when there is none. `index` `nil`: the last selectable row.
    public static func previous(before index: Int?, in rows: [LayoutRow], wrapping: Bool = true) -> Int? {
        guard let index else { return lastSelectable(in: rows) }
        if let found = rows.indices.last(where: { $0 < index && rows[$0].isSelectable }) { return found }
        return wrapping ? lastSelectable(in: rows) : nil
    }

    /// The selectable row whose shortcut is `key` (exact match), if any.
    public static func row(forKey key: Character, in rows: [LayoutRow]) -> Int? {
        rows.firstIndex { $0.isSelectable && $0.key == key }
    }
}
