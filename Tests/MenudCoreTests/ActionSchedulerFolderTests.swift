import MenudCore
import XCTest

/// A job that claims the whole folder (a directory-wide action) runs alone, in its place in
/// the order: after every job before it, before every job after it.
final class ActionSchedulerFolderTests: XCTestCase {
    func testAFolderJobWaitsForEveryRunningJobAndHoldsBackEveryLaterOne() throws {
        var scheduler = ActionScheduler<String, String>()
        XCTAssertTrue(try scheduler.enqueue("a1", paths: ["a"]))
        XCTAssertTrue(try scheduler.enqueue("none", paths: []))
        XCTAssertFalse(try scheduler.enqueue("folder", paths: [], exclusive: true), "files are in use")
        XCTAssertFalse(try scheduler.enqueue("b1", paths: ["b"]), "b is free, but the folder job came first")
        XCTAssertFalse(try scheduler.enqueue("empty", paths: []), "even a job naming no file waits behind it")
        XCTAssertEqual(try scheduler.finish("a1"), [])
        XCTAssertEqual(try scheduler.finish("none"), ["folder"])
        XCTAssertFalse(try scheduler.enqueue("c1", paths: ["c"]), "nothing starts beside a running folder job")
        XCTAssertEqual(try scheduler.finish("folder"), ["b1", "empty", "c1"])
    }

    func testAFolderJobStartsAtOnceWhenNothingElseRunsOrWaits() throws {
        var scheduler = ActionScheduler<Int, String>()
        XCTAssertTrue(try scheduler.enqueue(1, paths: [], exclusive: true))
        XCTAssertFalse(try scheduler.enqueue(2, paths: [], exclusive: true), "two folder jobs never run at once")
        XCTAssertEqual(try scheduler.finish(1), [2])
        XCTAssertEqual(try scheduler.finish(2), [])
    }

    func testAStoppedFolderJobFreesTheFolder() throws {
        var scheduler = ActionScheduler<Int, String>()
        XCTAssertTrue(try scheduler.enqueue(1, paths: [], exclusive: true))
        XCTAssertFalse(try scheduler.enqueue(2, paths: ["a"]))
        XCTAssertEqual(try scheduler.abandon(1), [2], "its time limit passed: the folder is free at once")
        XCTAssertTrue(scheduler.isStopped(1))
        XCTAssertTrue(try scheduler.enqueue(3, paths: ["b"]))
        XCTAssertEqual(try scheduler.finish(1), [])
    }

    func testAWithdrawnFolderJobLetsTheOthersPass() throws {
        var scheduler = ActionScheduler<Int, String>()
        XCTAssertTrue(try scheduler.enqueue(1, paths: ["a"]))
        XCTAssertFalse(try scheduler.enqueue(2, paths: [], exclusive: true))
        XCTAssertFalse(try scheduler.enqueue(3, paths: ["b"]))
        XCTAssertEqual(try scheduler.withdraw(2), [3])
    }
}
