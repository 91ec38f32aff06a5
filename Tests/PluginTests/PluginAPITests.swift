import Foundation
import MenudPluginAPI
import XCTest

final class PluginAPITests: XCTestCase {
    func testActionBuilderMakesASelectableItemInOneExpression() async throws {
        let item = MenuItem.action("Duplicate", key: "d") { _ in ActionOutcome(message: "done") }
        XCTAssertEqual(item.id, "duplicate")
        XCTAssertEqual(item.key, "d")
        XCTAssertTrue(item.isSelectable)
        XCTAssertFalse(item.hasChildren)
        let outcome = try await runAction(item, ActionContext(files: [], root: "/", processes: FoundationProcessLauncher()))
        XCTAssertEqual(outcome.message, "done")
    }

    func testSubmenuAndInlineGroupsCannotBeSelected() {
        let child = MenuItem.action("Copy Path") { _ in ActionOutcome() }
        let submenu = MenuItem.submenu("Share", icon: "square.and.arrow.up", children: [child])
        let group = MenuItem.group(id: "danger", [MenuItem.action("Delete", destructive: true) { _ in ActionOutcome() }])
        XCTAssertTrue(submenu.hasChildren)
        XCTAssertFalse(submenu.isInline)
        XCTAssertFalse(submenu.isSelectable)
        XCTAssertTrue(group.isInline)
        XCTAssertEqual(group.title, "")
        XCTAssertTrue(group.children[0].isDestructive)
        XCTAssertEqual(MenuItem.problems(in: [submenu, group]), [])
    }

    func testSlugs() {
        XCTAssertEqual(MenuItem.slug("Move to Trash…"), "move-to-trash")
        XCTAssertEqual(MenuItem.slug("SHA-256"), "sha-256")
        XCTAssertEqual(MenuItem.slug("  Rename… "), "rename")
        XCTAssertEqual(MenuItem.slug("…"), "item")
    }

    func testAccessibilityLabelJoinsTitleStatusAndDetailSkippingAbsentParts() {
        var item = MenuItem(
            id: "row", title: "intro.mp4", badge: .ready, status: .status(.ready), detail: StyledText("2.4 MB"),
            disabled: true)
        XCTAssertEqual(item.accessibilityLabel, "intro.mp4, Ready, 2.4 MB")
        item.status = nil
        XCTAssertEqual(item.accessibilityLabel, "intro.mp4, 2.4 MB")
        item.detail = nil
        XCTAssertEqual(item.accessibilityLabel, "intro.mp4")
    }

    func testProtocolColors() {
        XCTAssertEqual(Badge.ready.color.hex, "#2B7847")
        XCTAssertEqual(Badge.pending.color.hex, "#8C2424")
        XCTAssertEqual(Badge.expired.color.hex, "#9A6700")
        XCTAssertEqual(StyledText("2.4 MB").color.hex, "#878A94")
        XCTAssertEqual(Badge(.expired), .expired)
        XCTAssertEqual(StyledText.status(.pending), StyledText("Pending", color: .pending))
        XCTAssertEqual(MenuColor(hex: "#2b7847"), .ready)
        XCTAssertNil(MenuColor(hex: "2B7847"))
        XCTAssertNil(MenuColor(hex: "#2B784"))
        XCTAssertNil(MenuColor(hex: "#GG0000"))
    }

    func testProblemsFindsBrokenItems() {
        let noop: MenuItem.Action = { _ in ActionOutcome() }
        let items = [
            MenuItem.action("A", id: "a", key: "x", perform: noop),
            MenuItem.action("B", id: "a", perform: noop),
            MenuItem.group(id: "g", [MenuItem.action("C", id: "c", key: "x", perform: noop)]),
            MenuItem(id: "bad id", title: "D", action: noop),
            MenuItem(id: "e", title: "E"),
            MenuItem(id: "f", title: "F", children: [MenuItem.action("G", id: "g2", perform: noop)], action: noop),
            MenuItem(id: "", title: "H", action: noop),
            MenuItem(id: "i", title: "", action: noop),
        ]
        XCTAssertEqual(MenuItem.problems(in: items), [
            "Items \"a\" and \"c\" share the shortcut key \"x\"; give each its own.",
            "Item id \"a\" is used more than once; ids must be unique among a plugin's items.",
            "Item id \"bad id\" may only use A-Z, a-z, 0-9, '.', '_' and '-'.",
            "Item \"e\" has no action and is not disabled; give it an action or disable it.",
            "Item \"f\" has both children and an action; a submenu cannot run anything itself.",
            "An item titled \"H\" has an empty id; give it one.",
            "Item \"i\" has an empty title; only inline groups may.",
        ])
        // Keys in a submenu are a separate menu.
        let nested = [
            MenuItem.action("A", id: "a", key: "x", perform: noop),
            MenuItem.submenu("S", children: [MenuItem.action("B", id: "b", key: "x", perform: noop)]),
        ]
        XCTAssertEqual(MenuItem.problems(in: nested), [])
    }

    func testProblemsFindsRepeatsAmongManyItems() {
        // Past a handful of items the checks keep their ids and keys in dictionaries: repeats
        // are found the same way on both sides of that switch, and so are the non-ASCII keys.
        let noop: MenuItem.Action = { _ in ActionOutcome() }
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var items = letters.enumerated().map { index, letter in
            MenuItem.action("Item \(index)", id: "item-\(index)", key: letter, perform: noop)
        }
        items.append(MenuItem.action("Again", id: "item-40", key: "é", perform: noop))
        items.append(MenuItem.action("Accent", id: "accent", key: "é", perform: noop))
        items.append(MenuItem.action("Blank", id: "blank", key: "\u{2003}", perform: noop))
        items.append(MenuItem.action("Tab", id: "tab", key: "\t", perform: noop))
        items.append(MenuItem.action("Late", id: "late", key: "z", perform: noop))
        XCTAssertEqual(MenuItem.problems(in: items), [
            "Items \"item-40\" and \"accent\" share the shortcut key \"é\"; give each its own.",
            "Item \"blank\" has a whitespace shortcut key; use a visible character.",
            "Item \"tab\" has a whitespace shortcut key; use a visible character.",
            "Items \"item-25\" and \"late\" share the shortcut key \"z\"; give each its own.",
            "Item id \"item-40\" is used more than once; ids must be unique among a plugin's items.",
        ])
    }

    func testAChangedCopyOfAnItemLeavesTheOriginalAlone() {
        let original = MenuItem.group(id: "g", [MenuItem(id: "a", title: "A", disabled: true)])
        var copy = original
        copy.title = "Changed"
        copy.children.append(MenuItem(id: "b", title: "B", disabled: true))
        copy.key = "k"
        XCTAssertEqual(original.title, "")
        XCTAssertEqual(original.children.map(\.id), ["a"])
        XCTAssertNil(original.key)
        XCTAssertEqual(copy.title, "Changed")
        XCTAssertEqual(copy.children.map(\.id), ["a", "b"])
        XCTAssertEqual(copy.key, "k")
    }

    func testDisabledBecauseSetsTheStatus() {
        let item = MenuItem.action("Rename…") { _ in ActionOutcome() }
            .disabled(because: StyledText("not while pending", color: .pending))
        XCTAssertTrue(item.isDisabled)
        XCTAssertFalse(item.isSelectable)
        XCTAssertEqual(item.status?.text, "not while pending")
    }

    func testTargetFileNamesAndSizeText() {
        let file = TargetFile(
            path: "videos/intro.mp4", absolutePath: "/srv/drop/videos/intro.mp4", state: .ready, size: 2_400_000,
            mtimeMs: 0)
        XCTAssertEqual(file.name, "intro.mp4")
        XCTAssertEqual(file.directoryPath, "/srv/drop/videos")
        XCTAssertEqual(file.sizeText, "2.4 MB")
        XCTAssertEqual(fakeFile("a.txt", size: 12).sizeText, "12 bytes")
        let top = TargetFile(path: "x", absolutePath: "/x", state: .pending, size: 0, mtimeMs: 0)
        XCTAssertEqual(top.directoryPath, "/")
        XCTAssertEqual(MenuTarget(kind: .file, files: [top], root: "/").singleFile, top)
        XCTAssertNil(MenuTarget(kind: .selection, files: [top], root: "/").singleFile)
    }

    func testProgressReporterClampsAndDropsNaN() {
        let recorder = ActionRecorder()
        recorder.progress.report(fraction: -1)
        recorder.progress.report(fraction: 0.5, message: "half")
        recorder.progress.report(fraction: .nan)
        recorder.progress.report(fraction: 7)
        XCTAssertEqual(recorder.fractions, [0, 0.5, 1])
        XCTAssertEqual(recorder.messages, [nil, "half", nil])
    }

    func testPluginValueDecodesJSON() throws {
        let json = #"{"a": null, "b": true, "c": 3, "d": 2.5, "e": "x", "f": [1, "y"], "g": {"h": -7}}"#
        let value = try JSONDecoder().decode(PluginValue.self, from: Data(json.utf8))
        XCTAssertEqual(value, ["a": nil, "b": true, "c": 3, "d": 2.5, "e": "x", "f": [1, "y"], "g": ["h": -7]])
        let encoded = try JSONEncoder().encode(value)
        XCTAssertEqual(try JSONDecoder().decode(PluginValue.self, from: encoded), value)
    }

    func testSettingsAccessorsNameTheKeyAndWhatIsAllowed() throws {
        let settings = PluginSettings(["name": "x", "count": 3, "whole": 4.0, "ratio": 0.5, "on": true, "list": ["a", 1],
                                       "nested": ["deep": "no"], "nothing": nil])
        XCTAssertEqual(try settings.string("name"), "x")
        XCTAssertNil(try settings.string("absent"))
        XCTAssertNil(try settings.string("nothing"))
        XCTAssertEqual(try settings.string("absent", default: "d"), "d")
        XCTAssertEqual(try settings.int("count"), 3)
        XCTAssertEqual(try settings.int("whole"), 4)
        XCTAssertEqual(try settings.double("count"), 3)
        XCTAssertEqual(try settings.bool("on"), true)
        XCTAssertThrowsError(try settings.int("ratio")) { error in
            XCTAssertEqual("\(error)", "ratio: must be a whole number, not a number")
        }
        XCTAssertThrowsError(try settings.string("count")) { error in
            XCTAssertEqual(error as? PluginSettingsError, PluginSettingsError(key: "count", problem: "must be a string, not an integer"))
        }
        XCTAssertThrowsError(try settings.stringArray("list")) { error in
            XCTAssertEqual("\(error)", "list[1]: must be a string, not an integer")
        }
        XCTAssertThrowsError(try settings.object("nested")?.int("deep")) { error in
            XCTAssertEqual("\(error)", "nested.deep: must be a whole number, not a string")
        }
        XCTAssertThrowsError(try settings.requiredString("title")) { error in
            XCTAssertEqual("\(error)", "title: is required and must be a string")
        }
        XCTAssertThrowsError(try settings.rejectUnknownKeys(allowed: ["name"])) { error in
            XCTAssertEqual(
                "\(error)", "count: is not a known setting (allowed: name)")
        }
        XCTAssertThrowsError(try PluginSettings("text", path: "commands[1]")) { error in
            XCTAssertEqual("\(error)", "commands[1]: must be an object, not a string")
        }
    }

    func testFactoriesBuildPluginsFromSettings() throws {
        let factory = PluginFactory(name: "echo") { settings in
            EchoPlugin(word: try settings.string("word", default: "hi"))
        }
        let plugin = try factory.make(PluginSettings(["word": "yo"]))
        XCTAssertEqual(plugin.name, "echo")
        XCTAssertEqual(plugin.actionTitles, [])
    }

    private struct EchoPlugin: MenudPlugin {
        let word: String
        var name: String { "echo" }
        var version: String { "0" }
        func items(for target: MenuTarget) async throws -> [MenuItem] {
            [MenuItem.action(word) { _ in ActionOutcome(message: word) }]
        }
    }
}
