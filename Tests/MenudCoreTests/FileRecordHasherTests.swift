@testable import MenudCore
import MenudJSON
import XCTest

/// A path hashes alike fed whole (a lookup) or as its directory prefix then its name (a stored
/// record), wherever the split falls against the eight-byte rounds; and paths are compared
/// eight bytes at a time exactly as byte by byte.
final class FileRecordHasherTests: XCTestCase {
    private func path(_ length: Int, seed: Int) -> [UInt8] {
        (0..<length).map { UInt8(truncatingIfNeeded: ($0 &* 37 &+ seed &* 11) % 251 + 1) }
    }

    func testAPathHashesAlikeWholeOrSplitAnywhere() {
        for length in 0..<40 {
            let bytes = path(length, seed: length)
            let whole = FileRecordStorage.hash(bytes, from: 0, to: length)
            for split in 0...length {
                var hasher = FileRecordHasher()
                hasher.feed(Array(bytes[..<split]), from: 0, to: split)
                // The name from an offset into a larger array, as names are stored.
                let stored = [0xEE, 0xEE, 0xEE] + Array(bytes[split...]) + [0xEE]
                hasher.feed(stored, from: 3, to: 3 + length - split)
                XCTAssertEqual(hasher.finalize(), whole, "length \(length) split at \(split)")
            }
        }
    }

    func testPathsThatDifferInAnyByteHashApart() {
        var seen: Set<Int> = []
        var count = 0
        for length in 1..<24 {
            for position in 0..<length {
                var bytes = path(length, seed: 1)
                bytes[position] ^= 0x40
                seen.insert(FileRecordStorage.hash(bytes, from: 0, to: length))
                count += 1
            }
            seen.insert(FileRecordStorage.hash(path(length, seed: 1), from: 0, to: length))
            count += 1
        }
        XCTAssertEqual(seen.count, count, "a 64-bit hash of these few paths has no collision")
    }

    func testRangesCompareAsTheirBytesDo() {
        for length in 0..<30 {
            let base = path(length + 5, seed: 3)
            for offset in 0...5 {
                let same = Array(base[offset..<(offset + length)])
                XCTAssertTrue(ByteScan.equal(base, at: offset, same, at: 0, count: length))
                for position in 0..<length {
                    var changed = same
                    changed[position] &+= 1
                    XCTAssertFalse(ByteScan.equal(base, at: offset, changed, at: 0, count: length), "\(length) \(offset) \(position)")
                }
            }
        }
    }
}
