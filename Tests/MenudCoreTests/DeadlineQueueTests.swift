import XCTest
@testable import MenudCore
import TestSupport

final class DeadlineQueueTests: XCTestCase {
    func testPopsInDeadlineOrderAndKeepsInsertionOrderForTies() {
        var queue = DeadlineQueue<String>()
        queue.push(deadlineMs: 30, payload: "c")
        queue.push(deadlineMs: 10, payload: "a1")
        queue.push(deadlineMs: 20, payload: "b")
        queue.push(deadlineMs: 10, payload: "a2")
        XCTAssertEqual(queue.first?.deadlineMs, 10)
        XCTAssertNil(queue.popDue(atMs: 9))
        XCTAssertEqual(queue.popDue(atMs: 10)?.payload, "a1")
        XCTAssertEqual(queue.popDue(atMs: 10)?.payload, "a2")
        XCTAssertNil(queue.popDue(atMs: 19))
        XCTAssertEqual(queue.popFirst()?.payload, "b")
        XCTAssertEqual(queue.popFirst()?.payload, "c")
        XCTAssertNil(queue.popFirst())
        XCTAssertTrue(queue.isEmpty)
    }

    func testMatchesSortingOnRandomInput() {
        var generator = SeededGenerator(seed: 9)
        var queue = DeadlineQueue<Int>()
        var values: [Int64] = []
        for index in 0..<5000 {
            let deadline = Int64(generator.next() % 1000)
            values.append(deadline)
            queue.push(deadlineMs: deadline, payload: index)
        }
        queue.retainAll { $0.payload % 3 != 0 }
        var popped: [Int64] = []
        while let entry = queue.popFirst() {
            XCTAssertNotEqual(entry.payload % 3, 0)
            popped.append(entry.deadlineMs)
        }
        let expected = values.enumerated().filter { $0.offset % 3 != 0 }.map(\.element).sorted()
        XCTAssertEqual(popped, expected)
    }
}
