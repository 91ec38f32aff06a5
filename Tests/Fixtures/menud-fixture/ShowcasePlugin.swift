import MenudPluginAPI

/// A plugin for the web page's browser tests (Tests/Browser): its menu for one file has what the
/// shipped plugins do not offer, a submenu with a nested submenu and a titled inline group, so
/// the page's submenus and group headers are tested against the real daemon. Only with
/// MENUD_FIXTURE_SHOWCASE=1.
struct ShowcasePlugin: MenudPlugin {
    let name = "showcase"
    let version = "1.0"

    func items(for target: MenuTarget) async throws -> [MenuItem] {
        try immediateItems(for: target) ?? []
    }

    func immediateItems(for target: MenuTarget) throws -> [MenuItem]? {
        guard target.singleFile != nil else { return [] }
        return [
            .submenu("Open With", id: "open-with", icon: "square.and.arrow.up", children: [
                opener("Preview", icon: "doc"),
                opener("Player", icon: "play"),
                .submenu("More", id: "more", children: [opener("Text Editor", icon: "pencil")]),
            ]),
            .group(id: "tags", title: "Tags", [tag("Red", key: "1"), tag("Green", key: "2")]),
        ]
    }

    private func opener(_ title: String, icon: String) -> MenuItem {
        .action(title, icon: icon) { context in ActionOutcome(message: "opened \(context.files.first?.name ?? "") with \(title)") }
    }

    private func tag(_ title: String, key: Character) -> MenuItem {
        .action(title, icon: "tag", key: key) { _ in ActionOutcome(message: "tagged \(title)") }
    }
}
