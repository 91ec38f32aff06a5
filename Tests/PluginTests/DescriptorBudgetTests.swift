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

    func testMaxRunningActionsIsFittedToWhatTheLimitHolds() {
        // 1024 - 20 - 22 (the fixed reserve) leaves 982: half of it holds 61 actions of 8 descriptors.
        let roomy = DescriptorBudget(limit: 1024, openAtStart: 20)
        XCTAssertEqual(roomy.actionCeiling, 61)
        XCTAssertEqual(roomy.runningActions(configured: 16), 16, "what the config asks, when it fits")
        XCTAssertEqual(roomy.runningActions(configured: 1024), 61)
        // 96 - 18 - 22 leaves 56: half holds 3.
        XCTAssertEqual(DescriptorBudget(limit: 96, openAtStart: 18).runningActions(configured: 4), 3)
        XCTAssertEqual(DescriptorBudget(limit: 96, openAtStart: 18).runningActions(configured: 2), 2)
    }

    func testATinyLimitStillRunsOneAction() {
        // The adversary's case: 30 descriptors, about 20 of them the daemon's own.
        XCTAssertEqual(DescriptorBudget(limit: 30, openAtStart: 20).runningActions(configured: 4), 1)
        XCTAssertEqual(DescriptorBudget(limit: 30, openAtStart: 40).runningActions(configured: 4), 1)
        XCTAssertEqual(DescriptorBudget(limit: 1024, openAtStart: 20).runningActions(configured: 1), 1)
    }

    func testTheClientsKeepAtLeastWhatTheActionsTake() {
        for limit in [40, 64, 96, 200, 1024, 4096] {
            let budget = DescriptorBudget(limit: limit, openAtStart: 20)
            let actions = budget.runningActions(configured: 1024)
            if actions > 1 {
                XCTAssertGreaterThanOrEqual(budget.connectionCeiling(maxRunningActions: actions), actions * DescriptorBudget.perAction,
                                            "limit \(limit): \(actions) actions")
            }
        }
    }
}
