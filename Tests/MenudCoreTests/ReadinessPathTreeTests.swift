import XCTest
@testable import MenudCore
import MenudProtocol
import TestSupport

/// The path tree on its own, with small nodes so that a few thousand files make a deep tree:
/// every change is checked against a sorted array, and every invariant from scratch.
final class ReadinessPathTreeTests: XCTestCase {
    private func record(state: FileState, counter: UInt64) -> FileRecord {
        FileRecord(facts: FileFacts(size: 1, mtimeMs: 0, inode: 1, ctimeMs: 0), lastChangeMs: 0, changeCounter: counter,
                   state: state, partialSuffixIndex: nil)
    }

    private func randomPath(_ generator: inout SeededGenerator) -> RelativePath {
        // Few distinct bytes, so that prefixes, "a-b" against "a/b" and runs of one directory
        // all occur.
        let alphabet: [UInt8] = Array("ab-/".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "d"), UInt8(ascii: "0") + UInt8(generator.next() % 4)]
        for _ in 0..<(1 + generator.next() % 5) {
            let byte = alphabet[Int(generator.next() % UInt64(alphabet.count))]
            if byte == RelativePath.separator && bytes.last == RelativePath.separator { continue }
            bytes.append(byte)
        }
        if bytes.last == RelativePath.separator { bytes.append(UInt8(ascii: "z")) }
        return RelativePath(bytes: bytes)
    }

    func testMatchesASortedArrayUnderRandomChanges() {
        for (fanout, seed) in [(4, UInt64(1)), (5, 2), (8, 3), (128, 4)] {
            var generator = SeededGenerator(seed: seed)
            var table = FileRecordTable()
            var tree = ReadinessPathTree(fanout: fanout)
            var free: [Int] = []
            var counter: UInt64 = 0
            for step in 0..<4000 {
                let path = randomPath(&generator)
                let choice = generator.next() % 10
                if let slot = table.slot(of: path) {
                    if choice < 4 {
                        tree.remove(slot, table: table)
                        table.remove(slot: slot)
                        free.append(slot)
                    } else if choice < 7 {
                        let state = FileState.allCases[Int(generator.next() % 3)]
                        table[slot].state = state
                        tree.setState(of: slot, to: state)
                    } else {
                        counter += 1
                        table[slot].changeCounter = counter
                        tree.noteChange(of: slot, counter: counter)
                    }
                } else {
                    counter += 1
                    let slot = table.insert(record(state: FileState.allCases[Int(generator.next() % 3)], counter: counter),
                                            path: path, into: free.popLast())
                    if choice < 5 {
                        tree.insertLater(slot, directory: table.directory(slot), table: table)
                    } else {
                        tree.insert(slot, table: table)
                    }
                }
                if step % 97 == 0 || step == 3999 {
                    tree.flush(table: table)
                    tree.check(table: table)
                    let expected = (0..<table.slotCount).filter { table.isOccupied($0) }.sorted { table.pathPrecedes($0, $1) }
                    XCTAssertEqual(tree.slotsInOrder(), expected, "fanout \(fanout) step \(step)")
                    // Ranks, with and without a state, and lower bounds by path.
                    for rank in [0, expected.count / 3, expected.count - 1] where rank >= 0 && rank < expected.count {
                        let found = tree.position(ofRank: rank, stateCode: nil)!
                        XCTAssertEqual(ReadinessPathTree.slot(ofEntry: tree.item(found.leaf, found.index)), expected[rank])
                    }
                    for state in FileState.allCases {
                        let inState = expected.filter { table.state($0) == state }
                        for rank in [0, inState.count / 2, inState.count] {
                            let found = tree.position(ofRank: rank, stateCode: ReadinessPathTree.stateCode(state))
                            XCTAssertEqual(found.map { ReadinessPathTree.slot(ofEntry: tree.item($0.leaf, $0.index)) },
                                           rank < inState.count ? inState[rank] : nil, "state \(state) rank \(rank)")
                        }
                    }
                    let probe = randomPath(&generator).bytes
                    let bound = tree.normalized(tree.lowerBound { table.comparePath($0, probe) < 0 })
                    let expectedBound = expected.first { !table.pathPrecedes($0, probe) }
                    XCTAssertEqual(bound.map { ReadinessPathTree.slot(ofEntry: tree.item($0.leaf, $0.index)) }, expectedBound)
                }
            }
            // Emptied, the tree shrinks back to one leaf and reuses its nodes.
            for slot in 0..<table.slotCount where table.isOccupied(slot) {
                tree.remove(slot, table: table)
                table.remove(slot: slot)
            }
            tree.check(table: table)
            XCTAssertEqual(tree.count, 0)
            XCTAssertEqual(tree.height, 0)
        }
    }

    /// A crawl's runs (a directory at a time, names in any order) leave nearly full leaves.
    func testRunsOfOneDirectoryFillTheirLeaves() {
        var table = FileRecordTable()
        var tree = ReadinessPathTree()
        var generator = SeededGenerator(seed: 5)
        let directories = (0..<40).map { $0 }.shuffled(using: &generator)
        for directory in directories {
            for name in (0..<1000).shuffled(using: &generator) {
                let path = RelativePath(String(format: "d%04d/f%04d.dat", directory, name))
                let slot = table.insert(record(state: .ready, counter: 1), path: path, into: nil)
                tree.insertLater(slot, directory: table.directory(slot), table: table)
            }
        }
        tree.flush(table: table)
        tree.check(table: table)
        let leaves = tree.itemCounts.indices.filter { tree.isLeaf($0) && tree.itemCount($0) > 0 }
        XCTAssertEqual(tree.count, 40_000)
        // Each run leaves at most two partly filled leaves (where it started and ended).
        XCTAssertLessThanOrEqual(leaves.count, 40_000 / 128 + 2 * 40)
    }
}
