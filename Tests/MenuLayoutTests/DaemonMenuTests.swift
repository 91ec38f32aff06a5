import MenuLayout
import MenudCore
import MenudProtocol
import MenudClient
import MenudJSON
import Testing
@testable import MenuctlKit

@Suite struct DaemonMenuTests {
    @Test func itemsReadEveryField() throws {
        let menu = MenuctlFixtures.fileMenu
        #expect(menu.id == "m-1")
        #expect(menu.title == "a.txt")
        #expect(menu.expiresAtMs == 5)
        let rename = try #require(menu.item(withId: "i4"))
        #expect(rename.input == MenuItemInput(prompt: "New name", defaultValue: "a.txt"))
        #expect(rename.key == "r")
        let duplicate = try #require(menu.item(withId: "i3"))
        #expect(duplicate.disabled)
        #expect(duplicate.status?.coloredText == ColoredText("not while pending", color: RGBColor(hex: "#8C2424")))
        let sha = try #require(menu.item(withId: "i11"))
        #expect(sha.rowBadge == RowBadge(kind: .ready, color: RGBColor(hex: "#2B7847")))
        #expect(sha.detail?.text == "2.4 MB")
        #expect(menu.item(withId: "i9")?.destructive == true)
        #expect(menu.item(withId: "i5")?.isSubmenu == true)
        #expect(menu.item(withId: "i1")?.plugin == "files")
        #expect(menu.allItems.count == 12)
    }

    @Test func theFixtureIsWhatTheDaemonWrites() throws {
        let strict = try MenuObject(from: MenuctlFixtures.object(MenuctlFixtures.fileMenuJSON))
        #expect(strict == MenuctlFixtures.fileMenu, "menuctl's tolerant reading of a whole menu is the strict one")
    }

    @Test func aMenuWithoutItsExpiryNeverExpires() throws {
        let menu = try MenuObject(reading: MenuctlFixtures.json(#"{"id":"m","items":[{"id":7,"title":"Seven"}]}"#))
        #expect(menu.title == "" && menu.expiresAtMs == MenuObject.neverExpires)
        #expect(menu.items.map(\.id) == ["7"], "an integer id is read as its digits")
        #expect(MenuCommand.waitLimit(untilExpiry: menu.expiresAtMs) == -1)
    }

    @Test func anInvalidationWithoutItsReasonStillClosesTheMenu() {
        let menu = MenuctlFixtures.fileMenu
        let bare = ServerNotification(method: "menu.invalidated", params: ["menu": "m-1"])
        #expect(MenuCommand.invalidation(bare, of: menu) == "its file changed or went away.")
        let said = ServerNotification(method: "menu.invalidated", params: ["menu": "m-1", "reason": "a.txt was renamed\u{1B}[2J"])
        #expect(MenuCommand.invalidation(said, of: menu) == "a.txt was renamed\\x1B[2J")
        let other = ServerNotification(method: "menu.invalidated", params: ["menu": "m-2", "reason": "gone"])
        #expect(MenuCommand.invalidation(other, of: menu) == nil)
    }

    @Test func rowsFollowTheLayoutRules() {
        let rows = MenuctlFixtures.fileMenu.rows
        #expect(rows.map(\.title) == ["Inspect", "Duplicate", "Rename…", "Open With", "", "Move to Trash", "", "SHA-256", "inspect"])
        #expect(rows[4].kind == .separator && rows[6].kind == .separator)
        #expect(rows[3].hasSubmenu)
        #expect(!rows[1].isSelectable)
    }

    @Test func oddValuesAreLeftOutNotFatal() throws {
        let item = try MenuItemObject(from: MenuctlFixtures.object("""
            {"id":"x","title":"T","key":"ab","badge":{"kind":"weird"},"status":{"text":"S","color":"red"}}
            """), mode: .tolerant)
        #expect(item.key == nil)
        #expect(item.badge == nil)
        #expect(item.status?.coloredText == ColoredText("S"))
        #expect(item.layoutItem.key == nil && item.layoutItem.badge == nil && item.layoutItem.status == ColoredText("S"))
        #expect(throws: RPCError.self) { try MenuItemObject(from: MenuctlFixtures.object(#"{"title":"no id"}"#), mode: .tolerant) }
        #expect(throws: MenuctlError.self) { try MenuObject(reading: MenuctlFixtures.json(#"{"items":[]}"#)) }
    }

    @Test func pickByIdThenExactTitleThenIgnoringCase() throws {
        let menu = MenuctlFixtures.fileMenu
        #expect(try ItemPicker.pick("i2", in: menu).title == "Inspect")
        #expect(try ItemPicker.pick("Inspect", in: menu).id == "i2", "exact title first")
        #expect(try ItemPicker.pick("inspect", in: menu).id == "i12", "exact title, lower case")
        #expect(try ItemPicker.pick("sha-256", in: menu).id == "i11", "then ignoring case")
        #expect(try ItemPicker.pick("rename...", in: menu).id == "i4", "... stands for …")
        #expect(try ItemPicker.pick("Editor", in: menu).id == "i6", "inside a submenu")
        #expect(try ItemPicker.pick("Move to Trash", in: menu).id == "i9", "inside nested groups")
        #expect(try ItemPicker.pick("Duplicate", in: menu).id == "i3", "disabled items are found; the daemon refuses them")
    }

    @Test func pickRefusesSubmenusAmbiguityAndUnknownNames() throws {
        let menu = MenuctlFixtures.fileMenu
        do {
            _ = try ItemPicker.pick("i5", in: menu)
            Issue.record("a submenu was picked")
        } catch {
            #expect(error.exitCode == MenuctlExitCode.usage)
            #expect(error.message.contains("a submenu"))
            #expect(error.message.contains("i6  \"Editor\""))
        }
        do {
            _ = try ItemPicker.pick("INSPECT", in: menu)
            Issue.record("an ambiguous title was picked")
        } catch {
            #expect(error.message.contains("more than one item matches 'INSPECT'"))
            #expect(error.message.contains("i2   \"Inspect\"") && error.message.contains("i12  \"inspect\""))
        }
        do {
            _ = try ItemPicker.pick("Frobnicate", in: menu)
            Issue.record("a missing item was picked")
        } catch {
            #expect(error.message.contains("no item 'Frobnicate'"))
            #expect(error.message.contains("i3   \"Duplicate\" (disabled)"))
        }
    }
}
