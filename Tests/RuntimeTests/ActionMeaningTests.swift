import MenudPluginAPI
import XCTest

@testable import MenudRuntime

/// The item that runs at an action's turn is found again by id; it runs only if it is still the
/// item the person chose: same title, destructive style, input prompt and (for commands, whose
/// ids are positions) what it runs.
final class ActionMeaningTests: XCTestCase {
    private func item(_ title: String, destructive: Bool = false, input: InputPrompt? = nil, signature: String? = nil) -> MenuItem {
        var item = MenuItem.action(title, id: "command-0", destructive: destructive, input: input) { _ in ActionOutcome() }
        item.actionSignature = signature
        return item
    }

    func testTheSameItemRuns() {
        XCTAssertNil(ActionInvocation.changedMeaning(shown: item("Echo", signature: "echo"), fresh: item("Echo", signature: "echo")))
    }

    func testAnotherItemUnderTheSameIdDoesNot() {
        XCTAssertEqual(ActionInvocation.changedMeaning(shown: item("Echo"), fresh: item("Shred", destructive: true)),
                       "no longer gets \"Echo\" from its plugin: the item with its id is now \"Shred\" (the config was reloaded, or the plugin changed it)")
        let changed = "no longer gets \"Echo\" as the menu showed it: the item now does something else (the config was reloaded, or the plugin changed it)"
        XCTAssertEqual(ActionInvocation.changedMeaning(shown: item("Echo"), fresh: item("Echo", destructive: true)), changed)
        XCTAssertEqual(ActionInvocation.changedMeaning(shown: item("Echo"), fresh: item("Echo", input: InputPrompt("Text"))), changed)
        XCTAssertEqual(ActionInvocation.changedMeaning(shown: item("Echo", signature: "echo"), fresh: item("Echo", signature: "rm")), changed)
    }
}
