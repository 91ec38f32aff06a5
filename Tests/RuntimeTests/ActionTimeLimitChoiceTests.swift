import MenudPluginAPI
import XCTest

@testable import MenudRuntime

/// An item's own time limit replaces actionTimeout, kept within its range whatever a plugin set
/// (a negative one would make the timer's unsigned delay trap).
final class ActionTimeLimitChoiceTests: XCTestCase {
    private func item(_ limit: Int64?) -> MenuItem {
        var item = MenuItem.action("Run") { _ in ActionOutcome() }
        item.timeLimitMs = limit
        return item
    }

    func testTheItemsLimitWithinRangeOrTheDaemons() {
        XCTAssertEqual(ActionRunner.limitMs(of: item(nil), default: 300_000), 300_000)
        XCTAssertEqual(ActionRunner.limitMs(of: item(600_000), default: 300_000), 600_000)
        XCTAssertEqual(ActionRunner.limitMs(of: item(-5), default: 300_000), 1)
        XCTAssertEqual(ActionRunner.limitMs(of: item(.max), default: 300_000), 7 * 86_400_000)
    }
}
