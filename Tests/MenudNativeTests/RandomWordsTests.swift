import MenudNative
import Synchronization
import XCTest

final class RandomWordsTests: XCTestCase {
    /// Across several fetches (64 words each) the words are the kernel's: 1,000 of them, as
    /// random 32-bit words, repeat one another about once in ten thousand runs, so more than
    /// three repeats would mean a batch handed out twice or left unfilled.
    func testWordsAcrossBatchesAreDistinct() {
        let words = RandomWords()
        let drawn = (0..<1_000).map { _ in words.next() }
        XCTAssertGreaterThan(Set(drawn).count, 997)
        XCTAssertLessThan(drawn.filter { $0 == 0 }.count, 2, "zeroes are words never filled")
    }

    /// Threads drawing at once each get words of their own: none is handed out twice.
    func testConcurrentDrawsShareNoWord() {
        let words = RandomWords()
        let drawn = Mutex<[UInt32]>([])
        let done = NativeSemaphore()
        for index in 0..<4 {
            NativeThread.start(name: "test-random-\(index)") {
                var mine: [UInt32] = []
                for _ in 0..<250 { mine.append(words.next()) }
                drawn.withLock { $0.append(contentsOf: mine) }
                done.signal()
            }
        }
        for _ in 0..<4 { XCTAssertTrue(done.wait(timeoutMs: 10_000)) }
        let all = drawn.withLock { $0 }
        XCTAssertEqual(all.count, 1_000)
        XCTAssertGreaterThan(Set(all).count, 997)
    }
}
