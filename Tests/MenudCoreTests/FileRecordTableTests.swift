import XCTest
@testable import MenudCore
import MenudProtocol
import TestSupport

final class FileRecordTableTests: XCTestCase {
    private func record(_ size: Int64 = 1) -> FileRecord {
        FileRecord(facts: FileFacts(size: size, mtimeMs: 0, inode: 1, ctimeMs: 0), lastChangeMs: 0, changeCounter: 1,
                   state: .pending, partialSuffixIndex: nil)
    }

    func testRecordIsSixtyFourBytes() {
        XCTAssertEqual(MemoryLayout<FileRecord>.stride, 64)
    }

    func testRecordPacksStateAndSuffixIndependently() {
        var packed = record()
        for state in FileState.allCases {
            for suffix in [nil, 0, 3, 1_000_000] as [Int?] {
                packed.state = state
                packed.partialSuffixIndex = suffix
                XCTAssertEqual(packed.state, state)
                XCTAssertEqual(packed.partialSuffixIndex, suffix)
                packed.partialSuffixIndex = suffix
                packed.state = .expired
                XCTAssertEqual(packed.partialSuffixIndex, suffix, "setting the state keeps the suffix")
            }
        }
    }

    func testOddPathsComeBackByteForByte() {
        var table = FileRecordTable()
        let odd: [[UInt8]] = [
            Array("top".utf8), Array("/leading".utf8), Array("a//b".utf8), Array("trailing/".utf8), Array("a/b/c".utf8),
            Array("music/caf".utf8) + [0xE9] + Array(".mp3".utf8), [0xFF, 0x2F, 0xFE], Array("a/".utf8) + [0],
        ]
        var slots: [Int] = []
        for bytes in odd {
            let path = RelativePath(bytes: bytes)
            XCTAssertNil(table.slot(of: path))
            slots.append(table.insert(record(), path: path, into: nil))
        }
        for (bytes, slot) in zip(odd, slots) {
            XCTAssertEqual(table.path(of: slot).bytes, bytes)
            XCTAssertEqual(table.slot(of: RelativePath(bytes: bytes)), slot)
        }
        XCTAssertNil(table.slot(of: RelativePath("leading")), "\"/leading\" and \"leading\" are two paths")
        XCTAssertNil(table.slot(of: RelativePath("a/b")))
        XCTAssertNil(table.slot(of: RelativePath("trailing")))
    }

    func testPathComparisonsAgreeWithBytewiseOrder() {
        var table = FileRecordTable()
        let names = ["a", "a/b", "a-b", "a/b/c", "ab", "a/a", "b/a", "a/bc", "a/b-", "a.", "", "/x", "a//b", "é/x", "z"]
        let paths = names.map { RelativePath($0) }
        let slots = paths.map { table.insert(record(), path: $0, into: nil) }
        for (left, leftSlot) in zip(paths, slots) {
            for (right, rightSlot) in zip(paths, slots) {
                XCTAssertEqual(table.pathPrecedes(leftSlot, rightSlot), left < right, "\(left) < \(right)")
                XCTAssertEqual(table.pathPrecedes(leftSlot, right.bytes), left < right, "\(left) < bytes of \(right)")
                XCTAssertEqual(table.path(of: leftSlot, startsWith: right.bytes), left.bytes.starts(with: right.bytes), "\(left) starts with \(right)")
            }
        }
    }

    /// Random inserts and removals against a dictionary, across index growth, prefix reuse and
    /// name compaction.
    func testMatchesADictionaryUnderRandomInsertsAndRemovals() {
        var table = FileRecordTable()
        var model: [RelativePath: Int] = [:]
        var vacant: [Int] = []
        var generator = SeededGenerator(seed: 11)
        for step in 0..<60_000 {
            let depth = generator.next() % 3
            var text = ""
            for _ in 0..<depth { text += "d\(generator.next() % 20)/" }
            text += "file-with-a-longer-name-\(generator.next() % 3000)"
            let path = RelativePath(text)
            if let slot = model[path] {
                XCTAssertEqual(table.slot(of: path), slot)
                if generator.next() % 2 == 0 {
                    table.remove(slot: slot)
                    model[path] = nil
                    vacant.append(slot)
                    XCTAssertNil(table.slot(of: path))
                }
            } else {
                XCTAssertNil(table.slot(of: path), "step \(step)")
                let slot = table.insert(record(Int64(step)), path: path, into: vacant.popLast())
                model[path] = slot
                XCTAssertEqual(table[slot].facts.size, Int64(step))
            }
        }
        XCTAssertEqual(table.count, model.count)
        for (path, slot) in model {
            XCTAssertEqual(table.slot(of: path), slot)
            XCTAssertEqual(table.path(of: slot), path)
        }
        let live = model.values.map { table.name(of: $0).count }.reduce(0, +)
        XCTAssertEqual(table.storage.names.count - table.storage.removedNameBytes, live)
        XCTAssertLessThanOrEqual(table.storage.names.count, 2 * live + 65_536 + 64, "removed names are compacted away")
        // Empty the table: every directory prefix is released.
        for (_, slot) in model { table.remove(slot: slot) }
        XCTAssertEqual(table.count, 0)
        XCTAssertEqual(table.directoryCount, 0)
        XCTAssertEqual(table.storage.prefixFileCounts.reduce(0, +), 0)
    }
}
