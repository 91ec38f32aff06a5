@testable import MenudCore
import XCTest
import TestSupport

/// The path hash index grows over the inserts that follow, not in one: checked against a set,
/// with inserts, removals and reused ids landing on both sides of the copy's cursor while a
/// growth is under way.
final class FileRecordIndexTests: XCTestCase {
    /// A hash with clusters: ids collide in their low bits now and then. A reused id (a slot
    /// that holds another path now) hashes differently in each `generation`.
    private func hash(_ id: Int, generation: Int = 0) -> Int {
        var x = UInt64(id / 3 &+ generation &* 7_919) &* 0x9E37_79B9_7F4A_7C15
        x ^= x >> 29
        return Int(bitPattern: UInt(x &* 0xBF58_476D_1CE4_E5B9))
    }

    func testEveryIdIsFoundWhileTheIndexGrowsAndTheGrowthEndsWithinItsSteps() {
        let seed = UInt64.random(in: 1...UInt64.max)
        var random = SeededGenerator(seed: seed)
        var index = FileRecordIndex()
        var stored = Set<Int>()
        var generations: [Int: Int] = [:]
        var free: [Int] = []
        var nextId = 0
        var growthsSeen = 0
        var insertsWhileGrowing = 0
        var longestGrowth = 0
        var reusedWhileGrowing = 0
        func current(_ id: Int) -> Int { hash(id, generation: generations[id] ?? 0) }
        for step in 0..<60_000 {
            let removing = !stored.isEmpty && random.next() % 4 == 0
            if removing {
                let id = stored.randomElement(using: &random)!
                index.remove(id, hash: current(id)) { current($0) }
                stored.remove(id)
                free.append(id)
                generations[id, default: 0] += 1
            } else {
                let wasGrowing = index.isGrowing
                let before = index.buckets.count
                index.makeRoom(ids: nextId, isStored: { stored.contains($0) }) { current($0) }
                if index.buckets.count != before { growthsSeen += 1; insertsWhileGrowing = 0 }
                if wasGrowing || index.isGrowing { insertsWhileGrowing += 1; longestGrowth = max(longestGrowth, insertsWhileGrowing) }
                // A vacant id is reused now and then, as the table reuses slots.
                let id: Int
                if !free.isEmpty && random.next() % 3 == 0 {
                    id = free.remove(at: Int(random.next() % UInt64(free.count)))
                    if index.isGrowing { reusedWhileGrowing += 1 }
                } else {
                    id = nextId
                    nextId += 1
                }
                let found = index.find(hash: current(id)) { $0 == id }
                XCTAssertNil(found.id, "seed \(seed)")
                index.insert(id, hash: current(id), at: found.bucket)
                stored.insert(id)
                if index.buckets.count != before {
                    let stepsToMove = before * FileRecordIndex.maxLoadTenths / (10 * FileRecordIndex.entriesPerStep)
                    XCTAssertLessThanOrEqual(longestGrowth, stepsToMove + 2, "seed \(seed): the growth before this one ended in time")
                }
            }
            XCTAssertEqual(index.count, stored.count, "seed \(seed), step \(step)")
            if step % 997 == 0 || index.isGrowing && step % 7 == 0 {
                for id in stored where index.find(hash: current(id), matches: { $0 == id }).id != id {
                    XCTFail("seed \(seed), step \(step): \(id) is not found")
                    return
                }
                XCTAssertNil(index.find(hash: hash(nextId + 5)) { $0 == nextId + 5 }.id, "seed \(seed)")
                // A removed id is not found under the hash it had (nor any of its earlier ones).
                for gone in free.suffix(50) {
                    for generation in 0..<(generations[gone] ?? 0) where index.find(hash: hash(gone, generation: generation), matches: { $0 == gone }).id != nil {
                        XCTFail("seed \(seed), step \(step): removed \(gone) is still found")
                        return
                    }
                }
            }
        }
        XCTAssertGreaterThan(growthsSeen, 8)
        XCTAssertGreaterThan(reusedWhileGrowing, 100, "seed \(seed)")
    }

    /// Once a growth is over, an entry costs at most 7.5 bytes (1.875 buckets of 4 bytes): the
    /// table is grown by half at 8/10 full. While one is under way both tables are held.
    func testAnEntryCostsAtMostSevenAndAHalfBytesOnceGrown() {
        var index = FileRecordIndex()
        var largestShare = 0.0
        for id in 0..<300_000 {
            index.makeRoom(ids: id, isStored: { $0 < id }) { self.hash($0) }
            let found = index.find(hash: hash(id)) { $0 == id }
            index.insert(id, hash: hash(id), at: found.bucket)
            guard index.count >= 64, !index.isGrowing else { continue }
            let share = Double(index.allocatedBytes) / Double(index.count)
            largestShare = max(largestShare, share)
            XCTAssertLessThanOrEqual(share, 7.5, "at \(index.count) entries: \(index.allocatedBytes) bytes")
            XCTAssertLessThanOrEqual(index.count * 10, index.buckets.count * FileRecordIndex.maxLoadTenths)
        }
        XCTAssertGreaterThan(largestShare, 6.5, "the table grows when full, not earlier")
    }
}
