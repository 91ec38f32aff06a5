import XCTest
@testable import MenudRuntime

/// How the open-file limit is shared between the daemon's own needs and its clients.
final class DescriptorBudgetTests: XCTestCase {
    func testClientsGetWhatTheLimitLeavesAfterTheReserve() {
        XCTAssertEqual(DescriptorBudget.reserve(maxRunningActions: 16), 150)
        XCTAssertEqual(DescriptorBudget(limit: 1024, openAtStart: 20).connectionCeiling(maxRunningActions: 16), 1024 - 20 - 150)
        XCTAssertEqual(DescriptorBudget(limit: 524_288, openAtStart: 20).connectionCeiling(maxRunningActions: 16), 524_288 - 170)
        XCTAssertEqual(DescriptorBudget(limit: 96, openAtStart: 18).connectionCeiling(maxRunningActions: 2), 96 - 18 - 38)
    }

    func testATinyLimitStillLeavesOneClient() {
        XCTAssertEqual(DescriptorBudget(limit: 32, openAtStart: 20).connectionCeiling(maxRunningActions: 16), 1)
    }
}
