import Glibc
import XCTest
@testable import MenudRuntime

/// The log's timestamp: local time to the millisecond, every field padded.
final class LoggerTimestampTests: XCTestCase {
    func testTheTimestampIsLocalTimeWithPaddedFields() throws {
        let before = time(nil)
        let stamp = Logger.timestamp()
        let after = time(nil)
        let bytes = Array(stamp.utf8)
        XCTAssertEqual(bytes.count, 23, stamp)
        let digits = Set(UInt8(ascii: "0")...UInt8(ascii: "9"))
        for (index, byte) in bytes.enumerated() {
            switch index {
            case 4, 7: XCTAssertEqual(byte, UInt8(ascii: "-"), stamp)
            case 10: XCTAssertEqual(byte, UInt8(ascii: " "), stamp)
            case 13, 16: XCTAssertEqual(byte, UInt8(ascii: ":"), stamp)
            case 19: XCTAssertEqual(byte, UInt8(ascii: "."), stamp)
            default: XCTAssertTrue(digits.contains(byte), stamp)
            }
        }
        // The seconds part is one of the two local times around the call.
        let expected = [before, after].map { seconds -> String in
            var seconds = seconds
            var parts = tm()
            localtime_r(&seconds, &parts)
            func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
            return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
        }
        XCTAssertTrue(expected.contains(String(stamp.prefix(19))), "\(stamp) not in \(expected)")
    }
}
