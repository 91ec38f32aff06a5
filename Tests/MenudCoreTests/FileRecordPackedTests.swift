import XCTest
@testable import MenudCore
import MenudProtocol

/// The 48-byte stored form keeps every record exactly: those that fit in place, the others
/// (sizes, times and counters past 48 bits, long names, many suffixes) whole on the side.
final class FileRecordPackedTests: XCTestCase {
    private func record(size: Int64 = 1, mtime: Int64 = 0, ctime: Int64 = 0, inode: UInt64 = 1, lastChange: Int64 = 0,
                        counter: UInt64 = 1, state: FileState = .ready, suffix: Int? = nil) -> FileRecord {
        FileRecord(facts: FileFacts(size: size, mtimeMs: mtime, inode: inode, ctimeMs: ctime), lastChangeMs: lastChange,
                   changeCounter: counter, state: state, partialSuffixIndex: suffix)
    }

    private func assertSame(_ stored: FileRecord, _ original: FileRecord, _ message: String, line: UInt = #line) {
        XCTAssertEqual(stored.facts, original.facts, message, line: line)
        XCTAssertEqual(stored.lastChangeMs, original.lastChangeMs, message, line: line)
        XCTAssertEqual(stored.changeCounter, original.changeCounter, message, line: line)
        XCTAssertEqual(stored.state, original.state, message, line: line)
        XCTAssertEqual(stored.partialSuffixIndex, original.partialSuffixIndex, message, line: line)
    }

    func testStoredFormIsFortyEightBytes() {
        XCTAssertEqual(MemoryLayout<FileRecordPacked>.stride, 48)
    }

    func testEveryRecordComesBackExactly() {
        let edge48: Int64 = (1 << 47) - 1
        let records = [
            record(), record(size: -1, mtime: -5, ctime: -5, lastChange: -5),
            record(size: edge48, mtime: -edge48 - 1, ctime: edge48, inode: .max, lastChange: edge48, counter: (1 << 48) - 1,
                   state: .expired, suffix: 30),
            record(size: edge48 + 1), record(size: .max), record(mtime: .min), record(ctime: 32_503_680_000_000 * 100),
            record(lastChange: .max), record(counter: 1 << 48), record(counter: .max), record(state: .pending, suffix: 31),
            record(state: .pending, suffix: 1_000_000), record(state: .pending, suffix: 0),
        ]
        var table = FileRecordTable()
        var slots: [Int] = []
        for (index, original) in records.enumerated() {
            let slot = table.insert(original, path: RelativePath("dir\(index % 3)/file\(index)"), into: nil)
            slots.append(slot)
            assertSame(table[slot], original, "record \(index)")
            XCTAssertEqual(table.state(slot), original.state)
            XCTAssertEqual(table.changeCounter(slot), original.changeCounter)
        }
        // `values` in the place of the record in `slot` (same path).
        func rewrite(_ slot: Int, with values: FileRecord) {
            var moved = values
            moved.directory = table[slot].directory
            moved.nameStart = table[slot].nameStart
            moved.nameCount = table[slot].nameCount
            table[slot] = moved
        }
        // Each record moved to every other value: in place, to the side and back.
        for (slot, index) in zip(slots, records.indices) {
            for other in records {
                rewrite(slot, with: other)
                assertSame(table[slot], other, "record \(index) rewritten")
                XCTAssertEqual(table.path(of: slot), RelativePath("dir\(index % 3)/file\(index)"))
            }
            rewrite(slot, with: records[index])
        }
        XCTAssertEqual(table.storage.overflow.count, records.filter { FileRecordPacked($0).isOverflow }.count)
        for slot in slots { table.remove(slot: slot) }
        XCTAssertTrue(table.storage.overflow.isEmpty, "a removed record leaves nothing on the side")
    }

    func testNamesLongerThanAByteCountAndTheirCompaction() {
        var table = FileRecordTable()
        let long = String(repeating: "n", count: 300)
        let keep = table.insert(record(), path: RelativePath("a/\(long)"), into: nil)
        XCTAssertEqual(table.path(of: keep), RelativePath("a/\(long)"))
        XCTAssertEqual(table.slot(of: RelativePath("a/\(long)")), keep)
        // Enough removed names to compact the name bytes under the long one.
        for index in 0..<3000 {
            let slot = table.insert(record(), path: RelativePath("b/" + String(repeating: "x", count: 40) + "\(index)"), into: nil)
            table.remove(slot: slot)
        }
        XCTAssertLessThan(table.storage.removedNameBytes, 65_536)
        XCTAssertEqual(table.path(of: keep), RelativePath("a/\(long)"))
        XCTAssertEqual(table.slot(of: RelativePath("a/\(long)")), keep)
    }
}
