import XCTest
@testable import MenudCore

/// Checks every invariant of a `ReadinessPathTree` from scratch (the tests call it after
/// changes): order, counts, bounds, parents, first slots, leaf links and fill.
extension ReadinessPathTree {
    /// The slots in tree order.
    func slotsInOrder() -> [Int] {
        var slots: [Int] = []
        forEachSlot(from: Position(leaf: firstLeaf(where: { _ in true }) ?? root, index: 0)) {
            slots.append($0)
            return true
        }
        return slots
    }

    func check(table: FileRecordTable, file: StaticString = #filePath, line: UInt = #line) {
        var leaves: [Int] = []
        func visit(_ node: Int, level: Int) -> (total: Int, states: [Int], maxCounter: UInt64, first: Int?) {
            XCTAssertEqual(Int(levels[node]), level, "node \(node) level", file: file, line: line)
            let count = itemCount(node)
            if node != root {
                XCTAssertGreaterThan(count, 0, "node \(node) is empty", file: file, line: line)
            }
            var total = 0
            var states = [0, 0, 0]
            var largest: UInt64 = 0
            var first: Int?
            if level == 0 {
                leaves.append(node)
                for index in 0..<count {
                    let entry = item(node, index)
                    let slot = ReadinessPathTree.slot(ofEntry: entry)
                    XCTAssertTrue(table.isOccupied(slot), "slot \(slot) in the tree is vacant", file: file, line: line)
                    XCTAssertEqual(ReadinessPathTree.stateCode(ofEntry: entry), ReadinessPathTree.stateCode(table.state(slot)),
                                   "state bits of slot \(slot)", file: file, line: line)
                    XCTAssertEqual(Int(leaf(ofSlot: slot)), node, "leafOf slot \(slot)", file: file, line: line)
                    states[ReadinessPathTree.stateCode(ofEntry: entry)] += 1
                    largest = max(largest, table.changeCounter(slot))
                    if first == nil { first = slot }
                }
                total = count
            } else {
                for index in 0..<count {
                    let child = Int(item(node, index))
                    XCTAssertEqual(parent(child), node, "parent of \(child)", file: file, line: line)
                    let sub = visit(child, level: level - 1)
                    total += sub.total
                    for code in 0..<3 { states[code] += sub.states[code] }
                    largest = max(largest, sub.maxCounter)
                    if first == nil { first = sub.first }
                }
            }
            XCTAssertEqual(Int(totals[node]), total, "total of node \(node)", file: file, line: line)
            for code in 0..<3 {
                XCTAssertEqual(Int(stateTotals[node * 3 + code]), states[code], "state \(code) of node \(node)", file: file, line: line)
            }
            XCTAssertGreaterThanOrEqual(maxCounters[node], largest, "counter bound of node \(node)", file: file, line: line)
            if let first, count > 0 {
                XCTAssertEqual(Int(firstSlots[node]), first, "first slot of node \(node)", file: file, line: line)
            }
            return (total, states, max(largest, maxCounters[node]), first)
        }
        XCTAssertNil(parent(root), "the root has no parent", file: file, line: line)
        _ = visit(root, level: height)
        let slots = slotsInOrder()
        XCTAssertEqual(slots.count, count, file: file, line: line)
        for (left, right) in zip(slots, slots.dropFirst()) {
            XCTAssertTrue(table.pathPrecedes(left, right), "\(table.path(of: left)) before \(table.path(of: right))", file: file, line: line)
        }
        for slot in 0..<leafOf.count where leafOf[slot] < ReadinessPathTree.waiting {
            XCTAssertEqual(ReadinessPathTree.slot(ofEntry: item(Int(leafOf[slot]), index(ofSlot: slot, in: Int(leafOf[slot])))), slot,
                           file: file, line: line)
        }
        // Leaves are linked in order: walking them finds the same leaves.
        var walked: [Int] = []
        var walking = firstLeaf(where: { _ in true })
        while let current = walking {
            walked.append(current)
            walking = nextLeaf(after: current, where: { _ in true })
        }
        XCTAssertEqual(walked, count == 0 ? [] : leaves, "leaf walk", file: file, line: line)
    }
}
