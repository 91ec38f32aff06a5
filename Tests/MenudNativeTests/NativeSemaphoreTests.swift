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
