import MenudNative
import XCTest

final class CalendarTimeTests: XCTestCase {
    func testUTCBreakdownAndTexts() {
        let time = CalendarTime.utc(epochSeconds: 1_764_500_000)
        XCTAssertEqual(time.localTimestamp, "2025-11-30T10:53:20")
        XCTAssertEqual(time.iso8601, "2025-11-30T10:53:20Z")
        XCTAssertEqual(CalendarTime.utc(epochSeconds: -1).localTimestamp, "1969-12-31T23:59:59")
    }

    func testOffsetsAreWrittenWithAColon() {
        let east = CalendarTime(year: 2026, month: 1, day: 2, hour: 3, minute: 4, second: 5, utcOffsetSeconds: 5 * 3600 + 30 * 60)
        XCTAssertEqual(east.iso8601, "2026-01-02T03:04:05+05:30")
        let west = CalendarTime(year: 999, month: 12, day: 31, hour: 23, minute: 0, second: 0, utcOffsetSeconds: -8 * 3600)
        XCTAssertEqual(west.iso8601, "0999-12-31T23:00:00-08:00")
    }

    func testLocalTimeHasTheZoneOffsetOfTheMachine() {
        let now = CalendarTime.nowEpochSeconds()
        let local = CalendarTime.local(epochSeconds: now)
        let utc = CalendarTime.utc(epochSeconds: now)
        // The same moment: the local wall clock is the UTC one moved by the offset.
        let localMinutes = local.hour * 60 + local.minute
        let utcMinutes = utc.hour * 60 + utc.minute
        let difference = ((localMinutes - utcMinutes - local.utcOffsetSeconds / 60) % 1440 + 1440) % 1440
        XCTAssertEqual(difference, 0)
    }
}
