import MenudCore
import MenudPluginAPI
@testable import MenudRuntime
import XCTest
import MenudProtocol

/// One walk makes the menu: groups, ids depth first, keys kept once, and what each item runs.
final class MenuAssemblerTests: XCTestCase {
    private func file(_ name: String) -> TargetFile {
        TargetFile(path: name, absolutePath: "/r/" + name, state: .ready, size: 1, mtimeMs: 0)
    }

    private func shown(_ name: String) -> ShownFile {
        ShownFile(path: RelativePath(name), node: nil, state: .ready)
    }

    private func act(_ title: String, key: Character? = nil) -> MenuItem {
        .action(title, key: key) { _ in ActionOutcome() }
    }

    func testOneSourceIsNotGroupedAndIdsRunDepthFirst() {
        let target = MenuAssemblyTarget(kind: .file, files: [file("a.txt")], shown: [shown("a.txt")],
                                        targetPaths: [RelativePath("a.txt")], defaultAction: nil)
        let menu = MenuAssembler.assemble([
            MenuSection(plugin: "p", items: [act("Open", key: "o"), .submenu("More", children: [act("Deep", key: "o"), act("Deeper")]), act("Last")]),
        ], for: target)
        XCTAssertEqual(menu.items.map(\.id), ["i1", "i2", "i5"])
        XCTAssertEqual(menu.items[1].children.map(\.id), ["i3", "i4"])
        XCTAssertEqual(menu.sessionItems.map(\.id), ["i1", "i2", "i3", "i4", "i5"])
        XCTAssertEqual(menu.items[0].item.key, "o")
        XCTAssertNil(menu.items[1].children[0].item.key, "a key an earlier item has is dropped")
        XCTAssertTrue(menu.sessionItems[1].isSubmenu)
        XCTAssertEqual(Set(menu.actions.keys), ["i1", "i3", "i4", "i5"], "every item with an action, submenus' children included")
        XCTAssertEqual(menu.actions["i3"]?.item.title, "Deep")
        XCTAssertEqual(menu.actions["i3"]?.scope, .targets)
        XCTAssertEqual(menu.actions["i3"]?.lockPaths, [RelativePath("a.txt")])
        XCTAssertEqual(menu.items.map(\.plugin), ["p", "p", "p"])
    }

    func testADirectoryMenuGroupsItsRowsAndPluginsAndBindsEachRowToItsFile() {
        let names = ["a.txt", "b.txt"]
        let target = MenuAssemblyTarget(kind: .directory, files: names.map(file), shown: names.map(shown),
                                        targetPaths: names.map { RelativePath($0) }, defaultAction: ("files", "inspect"))
        let rows = DirectoryRows.section(files: target.files, shown: target.shown, defaultAction: target.defaultAction,
                                         defaultAcceptsAnyName: false)
        let menu = MenuAssembler.assemble([rows, MenuSection(plugin: "p", items: [act("Everything")])], for: target)
        XCTAssertEqual(menu.items.map(\.item.id), ["group-files", "group-p"])
        XCTAssertEqual(menu.items.map(\.id), ["i1", "i4"])
        XCTAssertEqual(menu.items[0].children.map(\.item.title), names)
        XCTAssertEqual(menu.items[0].plugin, "")
        let second = menu.actions["i3"]
        XCTAssertEqual(second?.scope, .row)
        XCTAssertEqual(second?.files.map(\.path), ["b.txt"], "the row acts on its own file")
        XCTAssertEqual(second?.lockPaths, [RelativePath("b.txt")])
        XCTAssertEqual(second?.source.plugin, "files")
        XCTAssertEqual(second?.source.itemId, "inspect", "a row runs the default action")
        let everything = menu.actions["i5"]
        XCTAssertEqual(everything?.scope, .directory)
        XCTAssertEqual(everything?.lockPaths, names.map { RelativePath($0) })
        XCTAssertEqual(menu.sessionItems.first { $0.id == "i1" }?.isSubmenu, true)
    }

    func testRowsPastTheLimitBecomeOneDisabledRow() {
        let names = (0..<(DirectoryRows.limit + 3)).map { "f\($0)" }
        let target = MenuAssemblyTarget(kind: .directory, files: names.map(file), shown: names.prefix(DirectoryRows.limit).map(shown),
                                        targetPaths: names.map { RelativePath($0) }, defaultAction: nil)
        let rows = DirectoryRows.section(files: target.files, shown: target.shown, defaultAction: nil, defaultAcceptsAnyName: false)
        let menu = MenuAssembler.assemble([rows], for: target)
        XCTAssertEqual(menu.items.count, DirectoryRows.limit + 1)
        XCTAssertEqual(menu.items.last?.item.title, "… 3 more files (files.list shows all)")
        XCTAssertNil(menu.actions[menu.items.last!.id])
        XCTAssertTrue(menu.sessionItems.allSatisfy(\.isDisabled), "without a default action no row can be chosen")
    }
}
