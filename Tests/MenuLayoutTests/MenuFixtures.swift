import MenuLayout

/// Menus used by several tests.
enum MenuFixtures {
    static let gray = RGBColor(hex: "#878A94")!

    /// The directory's background menu: one row per file, then the directory-wide actions.
    static var backgroundItems: [LayoutItem] {
        [
            LayoutItem(id: "f1", title: "intro.mp4", badge: RowBadge(kind: .ready),
                       status: ColoredText("Ready", color: BadgeKind.ready.defaultColor),
                       detail: ColoredText("2.4 MB", color: gray), key: "1"),
            LayoutItem(id: "f2", title: "upload.part", badge: RowBadge(kind: .pending),
                       status: ColoredText("Pending", color: BadgeKind.pending.defaultColor),
                       detail: ColoredText("512 KB", color: gray), key: "2"),
            LayoutItem(id: "f3", title: "report-2024.pdf", badge: RowBadge(kind: .expired),
                       status: ColoredText("Expired", color: BadgeKind.expired.defaultColor),
                       detail: ColoredText("12 bytes", color: gray), key: "3"),
            LayoutItem(id: "g1", title: "", children: [
                LayoutItem(id: "a1", title: "Refresh", key: "r"),
                LayoutItem(id: "a2", title: "Sort by", children: [
                    LayoutItem(id: "s1", title: "Name"),
                    LayoutItem(id: "s2", title: "Size"),
                ]),
                LayoutItem(id: "a3", title: "Compress all", disabled: true),
            ], inline: true),
            LayoutItem(id: "a4", title: "Delete expired", key: "x", destructive: true),
        ]
    }

    static var backgroundRows: [LayoutRow] { LayoutRow.rows(from: backgroundItems) }

    /// A file's own menu: no badges, no keys.
    static var fileRows: [LayoutRow] {
        LayoutRow.rows(from: [
            LayoutItem(id: "o", title: "Open"),
            LayoutItem(id: "r", title: "Rename…", detail: ColoredText("F2")),
            LayoutItem(id: "d", title: "Delete", destructive: true),
        ])
    }

    /// `count` plain rows "Item 1" ... for scrolling.
    static func numberedRows(_ count: Int) -> [LayoutRow] {
        (1...count).map { LayoutRow(id: "n\($0)", title: "Item \($0)", detail: ColoredText("\($0 * 10) KB")) }
    }
}
