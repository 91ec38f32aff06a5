import XCTest
@testable import MenudCore

final class ClockTests: XCTestCase {
    func testManualClockMovesOnlyWhenTold() {
        let clock = ManualClock(nowMs: 1000)
        XCTAssertEqual(clock.nowMs(), 1000)
        XCTAssertEqual(clock.advance(by: 250), 1250)
        XCTAssertEqual(clock.nowMs(), 1250)
        clock.set(nowMs: 5)
        XCTAssertEqual(clock.nowMs(), 5)
    }

    func testManualClockCanBeAdvancedFromManyThreads() async {
        let clock = ManualClock(nowMs: 0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1000 { clock.advance(by: 1) }
                }
            }
        }
        XCTAssertEqual(clock.nowMs(), 8000)
    }

    func testSystemClockIsEpochMilliseconds() {
        let now = SystemClock().nowMs()
        let reference = Int64(Date().timeIntervalSince1970 * 1000)
        XCTAssertLessThan(abs(now - reference), 60_000)
        XCTAssertGreaterThan(now, 1_700_000_000_000)
    }

    func testChangeClockTextRoundTrips() throws {
        let clock = ChangeClock(instanceId: "a:b", counter: 42)
        XCTAssertEqual(clock.description, "a:b:42")
        XCTAssertEqual(try ChangeClock(parsing: "a:b:42"), clock)
        XCTAssertThrowsError(try ChangeClock(parsing: "a:+1"))
    }
}
