import XCTest
@testable import MenudCore

final class DurationTextTests: XCTestCase {
    func testParsesEveryUnit() throws {
        XCTAssertEqual(try DurationText.parse("300ms"), 300)
        XCTAssertEqual(try DurationText.parse("2s"), 2000)
        XCTAssertEqual(try DurationText.parse("10m"), 600_000)
        XCTAssertEqual(try DurationText.parse("10min"), 600_000)
        XCTAssertEqual(try DurationText.parse("1h"), 3_600_000)
        XCTAssertEqual(try DurationText.parse("7d"), 604_800_000)
        XCTAssertEqual(try DurationText.parse("0s"), 0)
        XCTAssertEqual(try DurationText.parse(" 2 s "), 2000)
    }

    func testParsesFractionsThatAreWholeMilliseconds() throws {
        XCTAssertEqual(try DurationText.parse("1.5s"), 1500)
        XCTAssertEqual(try DurationText.parse("0.25h"), 900_000)
        XCTAssertEqual(try DurationText.parse(".5s"), 500)
        XCTAssertEqual(try DurationText.parse("2.000s"), 2000)
        XCTAssertEqual(try DurationText.parse("1.0010000000000000000000s"), 1001)
    }

    func testRefusesBadDurationsWithAMessageSayingWhatIsAllowed() {
        let cases: [(String, String)] = [
            ("", "is empty"),
            ("   ", "is empty"),
            ("-2s", "is negative"),
            ("2", "has no unit"),
            ("2x", "unknown unit \"x\"; allowed units: ms, s, m (or min), h, d"),
            ("2 seconds", "unknown unit \"seconds\""),
            ("2S", "unknown unit \"S\""),
            ("s", "does not start with a number"),
            ("1.0005s", "not a whole number of milliseconds"),
            ("0.5ms", "not a whole number of milliseconds"),
            ("99999999999999999999d", "too large"),
            ("200000000000000d", "too large"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try DurationText.parse(text), text) { error in
                let message = String(describing: error)
                XCTAssertTrue(message.contains(expected), "\(text): \(message)")
                XCTAssertTrue(message.hasPrefix("the duration \"\(text)\""), message)
            }
        }
    }

    func testFormatsForPeople() {
        XCTAssertEqual(DurationText.format(0), "0 ms")
        XCTAssertEqual(DurationText.format(120), "120 ms")
        XCTAssertEqual(DurationText.format(999), "999 ms")
        XCTAssertEqual(DurationText.format(1000), "1 s")
        XCTAssertEqual(DurationText.format(1500), "1.5 s")
        XCTAssertEqual(DurationText.format(1999), "1.9 s", "rounds down: never an overstatement")
        XCTAssertEqual(DurationText.format(2000), "2 s")
        XCTAssertEqual(DurationText.format(12_345), "12 s")
        XCTAssertEqual(DurationText.format(90_000), "1.5 min")
        XCTAssertEqual(DurationText.format(600_000), "10 min")
        XCTAssertEqual(DurationText.format(3_600_000), "1 h")
        XCTAssertEqual(DurationText.format(604_800_000), "7 d")
        XCTAssertEqual(DurationText.format(-2000), "-2 s")
    }

    func testFormattedTextParsesBack() throws {
        for ms: Int64 in [0, 120, 1000, 1500, 2000, 90_000, 3_600_000, 5_400_000, 604_800_000] {
            XCTAssertEqual(try DurationText.parse(DurationText.format(ms)), ms)
        }
    }
}
