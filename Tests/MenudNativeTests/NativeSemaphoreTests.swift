import MenudNative
import XCTest

final class NativeSemaphoreTests: XCTestCase {
    func testSignalsAreCountedAndATimedWaitEndsWithoutOne() {
        let semaphore = NativeSemaphore()
        XCTAssertFalse(semaphore.wait(timeoutMs: 5), "no signal yet")
        semaphore.signal()
        semaphore.signal()
        XCTAssertTrue(semaphore.wait(timeoutMs: 5))
        semaphore.wait()
        XCTAssertFalse(semaphore.wait(timeoutMs: 5), "both signals taken")
    }

    func testAStartingValueCountsAsThatManySignals() {
        let semaphore = NativeSemaphore(value: 2)
        XCTAssertTrue(semaphore.wait(timeoutMs: 0))
        XCTAssertTrue(semaphore.wait(timeoutMs: 0))
        XCTAssertFalse(semaphore.wait(timeoutMs: 0), "two were there, both taken")
    }

    func testAWaiterAsleepWhenTheSignalComesWakes() {
        let semaphore = NativeSemaphore()
        let asleep = NativeSemaphore()
        let woke = NativeSemaphore()
        NativeThread.start(name: "test-waiter") {
            asleep.signal()
            semaphore.wait()
            woke.signal()
        }
        asleep.wait()
        XCTAssertFalse(woke.wait(timeoutMs: 20), "no signal yet")
        semaphore.signal()
        XCTAssertTrue(woke.wait(timeoutMs: 10_000))
    }

    func testASignalFromAnotherThreadWakesTheWaiter() {
        let semaphore = NativeSemaphore()
        let done = NativeSemaphore()
        NativeThread.start(name: "test-signal") {
            semaphore.signal()
            done.signal()
        }
        XCTAssertTrue(semaphore.wait(timeoutMs: 10_000))
        done.wait()
    }
}
