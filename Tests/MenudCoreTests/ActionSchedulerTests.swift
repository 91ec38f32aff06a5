import MenudCore
import XCTest
import TestSupport

final class ActionSchedulerTests: XCTestCase {
    func testSameFileRunsOneAfterAnotherInDismissalOrder() throws {
        var scheduler = ActionScheduler<Int, String>()
        XCTAssertTrue(try scheduler.enqueue(1, paths: ["a"]))
        XCTAssertFalse(try scheduler.enqueue(2, paths: ["a"]))
        XCTAssertFalse(try scheduler.enqueue(3, paths: ["a"]))
        XCTAssertEqual(scheduler.runningCount, 1)
        XCTAssertEqual(try scheduler.finish(1), [2])
        XCTAssertTrue(scheduler.isRunning(2))
        XCTAssertTrue(scheduler.isWaiting(3))
        XCTAssertEqual(try scheduler.finish(2), [3])
        XCTAssertEqual(try scheduler.finish(3), [])
        XCTAssertEqual(scheduler.runningCount + scheduler.waitingCount, 0)
    }

    func testDifferentFilesRunInParallel() throws {
        var scheduler = ActionScheduler<String, String>()
        XCTAssertTrue(try scheduler.enqueue("a1", paths: ["a"]))
        XCTAssertTrue(try scheduler.enqueue("b1", paths: ["b"]))
        XCTAssertTrue(try scheduler.enqueue("none", paths: []))
        XCTAssertEqual(scheduler.runningCount, 3)
    }

    func testAWaitingJobHoldsItsPlaceOnEachOfItsFiles() throws {
        var scheduler = ActionScheduler<String, String>()
        XCTAssertTrue(try scheduler.enqueue("a1", paths: ["a"]))
        // A selection over a and b waits for a1 ...
        XCTAssertFalse(try scheduler.enqueue("ab", paths: ["a", "b"]))
        // ... and a later action on b waits behind it although b is free.
        XCTAssertFalse(try scheduler.enqueue("b1", paths: ["b"]))
        // Unrelated files pass.
        XCTAssertTrue(try scheduler.enqueue("c1", paths: ["c"]))
        XCTAssertEqual(try scheduler.finish("a1"), ["ab"])
        XCTAssertEqual(try scheduler.finish("c1"), [])
        XCTAssertEqual(try scheduler.finish("ab"), ["b1"])
    }

    func testGlobalCapOnRunningActions() throws {
        var scheduler = ActionScheduler<Int, String>(limits: ActionSchedulerLimits(maxRunning: 2, maxWaiting: 10))
        XCTAssertTrue(try scheduler.enqueue(1, paths: ["a"]))
        XCTAssertTrue(try scheduler.enqueue(2, paths: ["b"]))
        XCTAssertFalse(try scheduler.enqueue(3, paths: ["c"]))
        XCTAssertFalse(try scheduler.enqueue(4, paths: ["d"]))
        XCTAssertFalse(try scheduler.enqueue(5, paths: ["a"]))
        XCTAssertEqual(try scheduler.finish(2), [3])
        // 5 waits for a; 4 takes the free slot.
        XCTAssertEqual(try scheduler.finish(1), [4])
        XCTAssertEqual(try scheduler.finish(3), [5])
    }

    func testTheRunningCapCanBeFittedWhileJobsRunAndWait() throws {
        var scheduler = ActionScheduler<String, String>(limits: ActionSchedulerLimits(maxRunning: 2))
        XCTAssertTrue(try scheduler.enqueue("a", paths: ["a"]))
        XCTAssertTrue(try scheduler.enqueue("b", paths: ["b"]))
        XCTAssertFalse(try scheduler.enqueue("c", paths: ["c"]))
        XCTAssertFalse(try scheduler.enqueue("d", paths: ["d"]))
        // Lowered: what runs goes on, nothing more starts until fewer than one run.
        XCTAssertEqual(scheduler.setMaxRunning(1), [])
        XCTAssertEqual(scheduler.limits.maxRunning, 1)
        XCTAssertEqual(try scheduler.finish("a"), [], "b still runs, and one at a time is the cap now")
        XCTAssertEqual(try scheduler.finish("b"), ["c"])
        // Raised: a waiting job takes the new slot at once.
        XCTAssertEqual(scheduler.setMaxRunning(3), ["d"])
        XCTAssertEqual(scheduler.runningCount, 2)
    }

    func testQueueLimitRefusesWithBusy() throws {
        var scheduler = ActionScheduler<Int, String>(limits: ActionSchedulerLimits(maxRunning: 1, maxWaiting: 1))
        XCTAssertTrue(try scheduler.enqueue(1, paths: ["a"]))
        XCTAssertFalse(try scheduler.enqueue(2, paths: ["b"]))
        XCTAssertThrowsError(try scheduler.enqueue(3, paths: ["c"])) { error in
            XCTAssertEqual(error as? ActionSchedulerError, .busy(limit: "maxQueuedActions", value: 1))
            XCTAssertEqual((error as? ActionSchedulerError)?.rpcCode, -32040)
        }
        XCTAssertEqual(scheduler.waitingCount, 1)
    }

    func testWithdrawFreesTheWaitingPlace() throws {
        var scheduler = ActionScheduler<Int, String>()
        XCTAssertTrue(try scheduler.enqueue(1, paths: ["a"]))
        XCTAssertFalse(try scheduler.enqueue(2, paths: ["a", "b"]))
        XCTAssertFalse(try scheduler.enqueue(3, paths: ["b"]))
        XCTAssertEqual(try scheduler.withdraw(2), [3])
        XCTAssertThrowsError(try scheduler.withdraw(1)) { error in
            XCTAssertEqual(error as? ActionSchedulerError, .unknownJob("1"))
        }
    }

    func testDuplicateAndUnknownJobsAreRefused() throws {
        var scheduler = ActionScheduler<Int, String>()
        XCTAssertTrue(try scheduler.enqueue(1, paths: ["a"]))
        XCTAssertThrowsError(try scheduler.enqueue(1, paths: ["b"])) { error in
            XCTAssertEqual(error as? ActionSchedulerError, .duplicateJob("1"))
        }
        XCTAssertThrowsError(try scheduler.finish(9)) { error in
            XCTAssertEqual(error as? ActionSchedulerError, .unknownJob("9"))
        }
    }

    func testAStoppedJobFreesItsFilesAtOnceAndItsLateEndIsHarmless() throws {
        var scheduler = ActionScheduler<Int, String>()
        XCTAssertTrue(try scheduler.enqueue(1, paths: ["a"]))
        XCTAssertFalse(try scheduler.enqueue(2, paths: ["a"]))
        // 1 is stopped at its time limit while its thread is still stuck: 2 starts now.
        XCTAssertEqual(try scheduler.abandon(1), [2])
        XCTAssertTrue(scheduler.isStopped(1))
        XCTAssertFalse(scheduler.isRunning(1))
        XCTAssertTrue(scheduler.isRunning(2))
        XCTAssertFalse(try scheduler.enqueue(3, paths: ["a"]), "a belongs to 2 now")
        // 1's task ends late: nothing of 2's or 3's changes.
        XCTAssertEqual(try scheduler.finish(1), [])
        XCTAssertFalse(scheduler.isStopped(1))
        XCTAssertTrue(scheduler.isRunning(2))
        XCTAssertEqual(try scheduler.finish(2), [3])
        XCTAssertThrowsError(try scheduler.abandon(7)) { error in
            XCTAssertEqual(error as? ActionSchedulerError, .unknownJob("7"))
        }
    }

    func testStuckStoppedJobsAreBoundedSoThreadsStayBounded() throws {
        var scheduler = ActionScheduler<Int, String>(limits: ActionSchedulerLimits(maxRunning: 2, maxWaiting: 10, maxStopped: 1))
        XCTAssertTrue(try scheduler.enqueue(1, paths: ["a"]))
        XCTAssertTrue(try scheduler.enqueue(2, paths: ["b"]))
        XCTAssertFalse(try scheduler.enqueue(3, paths: ["c"]))
        // One stopped job may be stuck: its slot goes to 3.
        XCTAssertEqual(try scheduler.abandon(1), [3])
        // A second stuck one: 3 threads are held (3 running, 1 and 2 stuck), the most allowed,
        // so nothing new starts although a running slot is free.
        XCTAssertEqual(try scheduler.abandon(2), [])
        XCTAssertFalse(try scheduler.enqueue(4, paths: ["d"]))
        XCTAssertEqual(scheduler.stoppedCount, 2)
        XCTAssertEqual(scheduler.runningCount, 1)
        // One stuck job really ends: its thread is free, 4 starts.
        XCTAssertEqual(try scheduler.finish(2), [4])
        XCTAssertEqual(try scheduler.finish(1), [])
        XCTAssertEqual(scheduler.runningCount, 2)
    }

    func testAWaitingJobOutOfTimeLeavesTheQueueAndTheNextStarts() throws {
        var scheduler = ActionScheduler<Int, String>()
        XCTAssertTrue(try scheduler.enqueue(1, paths: ["a"]))
        XCTAssertFalse(try scheduler.enqueue(2, paths: ["a", "b"]))
        XCTAssertFalse(try scheduler.enqueue(3, paths: ["b"]))
        XCTAssertFalse(try scheduler.enqueue(4, paths: ["a"]))
        // 2 runs out of time while it waits: 3 (on b only) starts; 4 still waits for 1.
        XCTAssertEqual(try scheduler.withdraw(2), [3])
        XCTAssertTrue(scheduler.isWaiting(4))
        XCTAssertEqual(try scheduler.finish(1), [4])
    }

    /// Random workloads: never two running jobs on one file, never more than the cap, and
    /// jobs on each file start in enqueue order.
    func testInvariantsHoldUnderRandomWorkloads() throws {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<200 {
            var scheduler = ActionScheduler<Int, String>(limits: ActionSchedulerLimits(maxRunning: 3, maxWaiting: 1000))
            var paths: [Int: Set<String>] = [:]
            var running: Set<Int> = []
            var startOrder: [Int] = []
            func started(_ job: Int) {
                for other in running { XCTAssertTrue(paths[other]!.isDisjoint(with: paths[job]!)) }
                running.insert(job)
                startOrder.append(job)
                XCTAssertLessThanOrEqual(running.count, 3)
            }
            var next = 0
            for _ in 0..<60 {
                if running.isEmpty || generator.next() % 3 != 0 {
                    let count = Int(generator.next() % 3)
                    let jobPaths = Set((0..<count).map { _ in "f\(generator.next() % 4)" })
                    paths[next] = jobPaths
                    if try scheduler.enqueue(next, paths: jobPaths) { started(next) }
                    next += 1
                } else {
                    let job = running.sorted()[Int(generator.next() % UInt64(running.count))]
                    running.remove(job)
                    for job in try scheduler.finish(job) { started(job) }
                }
            }
            while let job = running.min() {
                running.remove(job)
                for job in try scheduler.finish(job) { started(job) }
            }
            XCTAssertEqual(scheduler.waitingCount, 0)
            XCTAssertEqual(startOrder.count, next)
            for file in (0..<4).map({ "f\($0)" }) {
                let order = startOrder.filter { paths[$0]!.contains(file) }
                XCTAssertEqual(order, order.sorted(), "jobs on \(file) started out of order")
            }
        }
    }
}
