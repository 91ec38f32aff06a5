import MenudNative
@testable import MenudRuntime
import XCTest

/// Parked action threads: every body runs, bodies that wait for each other each get a thread of
/// their own, and a parked thread takes the next body.
final class ActionWorkerPoolTests: XCTestCase {
    func testBodiesThatWaitForEachOtherEachGetAThread() {
        let pool = ActionWorkerPool(maxIdle: 2)
        let started = NativeSemaphore()
        let release = NativeSemaphore()
        let finished = NativeSemaphore()
        let count = 5
        for _ in 0..<count {
            pool.run(name: "test-action") {
                started.signal()
                release.wait()
                finished.signal()
            }
        }
        // All five are under way at once, more than the pool keeps parked.
        for _ in 0..<count { started.wait() }
        for _ in 0..<count { release.signal() }
        for _ in 0..<count { finished.wait() }
    }

    func testEveryBodyRunsWhenThreadsAreReused() {
        let pool = ActionWorkerPool(maxIdle: 1)
        let finished = NativeSemaphore()
        for _ in 0..<50 {
            pool.run(name: "test-action") { finished.signal() }
            finished.wait()
        }
        // Many at once after that, onto the parked thread and new ones.
        for _ in 0..<20 { pool.run(name: "test-action") { finished.signal() } }
        for _ in 0..<20 { finished.wait() }
    }
}
