extension MenuItem {
    /// The rule violations in a plugin's items, one sentence each; empty when all is well.
    ///
    /// Checked: ids are non-empty, made of `A-Z a-z 0-9 . _ -` and unique across the whole tree;
    /// titles are non-empty (except inline groups); an item has an action or children, not both
    /// (a leaf without an action must be disabled); submenus ask for no input; a shortcut key is
    /// not whitespace and is unique among the rows shown together (inline groups count as the
    /// level they are shown in).
    public static func problems(in items: [MenuItem]) -> [String] {
        var problems: [String] = []
        var seenIDs = FewKeyTable<String, Void>()
        checkLevel(items, checkKeys: true, seenIDs: &seenIDs, problems: &problems)
        return problems
    }

    private static func checkLevel(
        _ items: [MenuItem], checkKeys: Bool, seenIDs: inout FewKeyTable<String, Void>, problems: inout [String]
    ) {
        var keys = FewKeyTable<Character, String>()
        if checkKeys { checkShortcutKeys(of: items, shownTogetherIn: &keys, problems: &problems) }
        for item in items {
            check(item, seenIDs: &seenIDs, problems: &problems)
        }
    }

    /// The shortcut keys of `items` and of the inline groups among them, depth first (the rows
    /// shown together), each against the keys already met.
    private static func checkShortcutKeys(of items: [MenuItem], shownTogetherIn keys: inout FewKeyTable<Character, String>, problems: inout [String]) {
        for item in items {
            if item.isInline && item.hasChildren {
                checkShortcutKeys(of: item.children, shownTogetherIn: &keys, problems: &problems)
                continue
            }
            guard let key = item.key else { continue }
            // An ASCII key (nearly every one) is blank when it is a space or a tab to a return.
            let blank = key.asciiValue.map { $0 == 0x20 || (0x09...0x0D).contains($0) } ?? (key.isWhitespace || key.isNewline)
            if blank {
                problems.append("Item \"\(item.id)\" has a whitespace shortcut key; use a visible character.")
            } else if let other = keys.insertIfAbsent(key, item.id) {
                problems.append("Items \"\(other)\" and \"\(item.id)\" share the shortcut key \"\(key)\"; give each its own.")
            }
        }
    }

    private static func check(_ item: MenuItem, seenIDs: inout FewKeyTable<String, Void>, problems: inout [String]) {
        // Byte by byte: an ASCII scalar is one UTF-8 byte, and any other makes bytes of 0x80 and up.
        let allowed = item.id.utf8.allSatisfy { byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
        if item.id.isEmpty {
            problems.append("An item titled \"\(item.title)\" has an empty id; give it one.")
        } else if !allowed {
            problems.append("Item id \"\(item.id)\" may only use A-Z, a-z, 0-9, '.', '_' and '-'.")
        } else if seenIDs.insertIfAbsent(item.id, ()) != nil {
            problems.append("Item id \"\(item.id)\" is used more than once; ids must be unique among a plugin's items.")
        }
        if item.title.isEmpty && !item.isInline {
            problems.append("Item \"\(item.id)\" has an empty title; only inline groups may.")
        }
        if item.isInline && !item.hasChildren {
            problems.append("Item \"\(item.id)\" is marked inline but has no children to show.")
        }
        if item.hasChildren {
            if item.action != nil {
                problems.append("Item \"\(item.id)\" has both children and an action; a submenu cannot run anything itself.")
            }
            if item.input != nil {
                problems.append("Item \"\(item.id)\" has children and asks for input; only actions can ask for input.")
            }
            // An inline group's keys were checked with the level it is shown in.
            checkLevel(item.children, checkKeys: !item.isInline, seenIDs: &seenIDs, problems: &problems)
        } else if item.action == nil && !item.isDisabled {
            problems.append("Item \"\(item.id)\" has no action and is not disabled; give it an action or disable it.")
        }
    }
}
