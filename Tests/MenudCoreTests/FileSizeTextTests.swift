import Foundation
import XCTest
@testable import MenudCore
import MenudText
import TestSupport

final class FileSizeTextTests: XCTestCase {
    private func foundation(_ bytes: Int64) -> String {
        let formatter = ByteCountFormatter()
        formatter.countStyle = .file
        return formatter.string(fromByteCount: bytes)
    }

    func testProtocolExamples() {
        XCTAssertEqual(FileSizeText.format(12), "12 bytes")
        XCTAssertEqual(FileSizeText.format(2_000), "2 KB")
        XCTAssertEqual(FileSizeText.format(2_400_000), "2.4 MB")
        XCTAssertEqual(FileSizeText.format(5_370_000_000), "5.37 GB")
        XCTAssertEqual(FileSizeText.format(0), "Zero KB")
        XCTAssertEqual(FileSizeText.format(1), "1 byte")
        XCTAssertEqual(FileSizeText.format(999_500), "1,000 KB")
    }

    func testMatchesByteCountFormatterAtBoundaries() {
        var sizes: [Int64] = [0, 1, 2, 12, 999, 1000, 1001, 1499, 1500, 1501, 2500, 3500, 9499, 9500,
                              999_499, 999_500, 999_999, 1_000_000, 1_049_999, 1_050_000, 1_250_000,
                              1_350_000, 1_450_000, 9_950_000, 999_949_999, 999_950_000,
                              1_005_000_000, 1_995_000_000, 5_365_000_000, 9_995_000_000,
                              999_995_000_000, 1_000_000_000_000, 999_995_000_000_000,
                              1_000_000_000_000_000, 2_125_000_000_000_000, 999_999_999_999_999_999,
                              1_000_000_000_000_000_000, 1_005_000_000_000_000_001, Int64.max]
        // Every power of ten, and the values around each possible rounding tie.
        var power: Int64 = 1
        for _ in 0...18 {
            sizes += [power - 1, power, power + 1, power / 10 * 5, power / 10 * 15, power / 10 * 25]
            power = power > Int64.max / 10 ? power : power * 10
        }
        for size in sizes {
            XCTAssertEqual(FileSizeText.format(size), foundation(size), "size \(size)")
        }
    }

    func testMatchesByteCountFormatterForNegativeSizes() {
        for size: Int64 in [-1, -2, -999, -1000, -1500, -2500, -999_500, -2_400_000, -1_005_000_000,
                            -1_995_000_000, -5_365_000_000, -1_005_000_000_000_000_000, Int64.min + 1] {
            XCTAssertEqual(FileSizeText.format(size), foundation(size), "size \(size)")
        }
    }

    func testMatchesByteCountFormatterForRandomSizes() {
        var generator = SeededGenerator(seed: 0x6d65_6e75_64)
        for _ in 0..<20_000 {
            // Spread over every magnitude up to 10 TB, plus a few far larger.
            let digits = Int(generator.next() % 14) + 1
            var limit: UInt64 = 1
            for _ in 0..<digits { limit *= 10 }
            let size = Int64(generator.next() % limit)
            XCTAssertEqual(FileSizeText.format(size), foundation(size), "size \(size)")
            // Values with few significant digits hit rounding ties far more often.
            let tie = Int64(generator.next() % 2000) * Int64(limit / 1000 + 1) / 2
            XCTAssertEqual(FileSizeText.format(tie), foundation(tie), "size \(tie)")
        }
        for _ in 0..<2_000 {
            let size = Int64(generator.next() >> 1)
            XCTAssertEqual(FileSizeText.format(size), foundation(size), "size \(size)")
        }
    }
}
