import MenudCore
import XCTest

final class RefusalLogLimiterTests: XCTestCase {
    func testTheFirstRefusalIsLoggedThenOnePerMinuteWithTheCountLeftOut() {
        let clock = ManualClock()
        var limiter = RefusalLogLimiter(clock: clock)
        XCTAssertEqual(limiter.note(), 0)
        for _ in 0..<5 {
            clock.advance(by: 1000)
            XCTAssertNil(limiter.note())
        }
        clock.advance(by: 54_999)
        XCTAssertNil(limiter.note(), "59.999 s after the logged one")
        clock.advance(by: 1)
        XCTAssertEqual(limiter.note(), 6, "a minute on: logged, saying six were left out")
        clock.advance(by: 60_000)
        XCTAssertEqual(limiter.note(), 0)
    }

    func testAClockThatGoesBackDoesNotSilenceTheLog() {
        let clock = ManualClock()
        var limiter = RefusalLogLimiter(clock: clock, intervalMs: 60_000)
        XCTAssertEqual(limiter.note(), 0)
        clock.advance(by: -3_600_000)
        XCTAssertEqual(limiter.note(), 0)
    }
}
