import XCTest
@testable import MenudCore
import MenudProtocol

/// The change clock, listing since a clock, and the tombstones that remember removals.
extension ReadinessTrackerTests {
    // MARK: - Change clock, since and tombstones

    func testChangeCounterAndFileClocks() throws {
        let files = tracker()
        files.observe(path("a"), facts: facts())           // 1
        files.observe(path("b"), facts: facts())           // 2
        XCTAssertEqual(files.snapshot(of: path("a"))!.clock, "test:1")
        clock.advance(by: 2000)
        XCTAssertEqual(files.advance(), [path("a"), path("b")]) // 3, 4
        XCTAssertEqual(files.snapshot(of: path("b"))!.clock, "test:4")
        files.remove(path("a"))                            // 5
        XCTAssertEqual(files.currentClock, "test:5")
        XCTAssertEqual(try files.list(FileQuery()).clock, "test:5")
    }

    func testSinceListsOnlyChangesAndRemovals() throws {
        let files = tracker()
        for name in ["keep", "modify", "delete", "settle"] {
            files.observe(path(name), facts: facts(mtime: start - 100_000), initial: true)
        }
        files.observe(path("settle"), facts: facts(size: 5))
        let first = try files.list(FileQuery())
        XCTAssertEqual(first.files.map(\.path), [path("delete"), path("keep"), path("modify"), path("settle")])
        XCTAssertNil(first.removed)
        XCTAssertFalse(first.fresh)

        files.observe(path("modify"), facts: facts(size: 999))
        files.remove(path("delete"))
        files.observe(path("new"), facts: facts())
        clock.advance(by: 2000)
        files.advance()

        let delta = try files.list(FileQuery(since: first.clock))
        XCTAssertFalse(delta.fresh)
        XCTAssertEqual(delta.files.map(\.path), [path("modify"), path("new"), path("settle")])
        XCTAssertEqual(delta.total, 3)
        XCTAssertEqual(delta.removed, [path("delete")])

        let nothing = try files.list(FileQuery(since: delta.clock))
        XCTAssertEqual(nothing.files, [])
        XCTAssertEqual(nothing.removed, [])
        XCTAssertEqual(nothing.clock, delta.clock)
    }

    func testARemovedThenRecreatedFileIsListedNotRemoved() throws {
        let files = tracker()
        files.observe(path("a"), facts: facts())
        let before = try files.list(FileQuery()).clock
        files.remove(path("a"))
        files.observe(path("a"), facts: facts(inode: 2))
        let delta = try files.list(FileQuery(since: before))
        XCTAssertEqual(delta.files.map(\.path), [path("a")])
        XCTAssertEqual(delta.removed, [])
    }

    func testSinceWithAStateFilterReportsFilesThatLeftIt() throws {
        let files = tracker()
        files.observe(path("a"), facts: facts(mtime: start - 100_000), initial: true)
        files.observe(path("b"), facts: facts(mtime: start - 100_000), initial: true)
        let ready = try files.list(FileQuery(state: .ready))
        XCTAssertEqual(ready.total, 2)
        files.observe(path("a"), facts: facts(size: 1))
        let delta = try files.list(FileQuery(state: .ready, since: ready.clock))
        XCTAssertEqual(delta.files, [])
        XCTAssertEqual(delta.removed, [path("a")])
    }

    func testSinceFromAnotherInstanceGivesTheFullFreshList() throws {
        let files = tracker()
        files.observe(path("a"), facts: facts())
        files.observe(path("b"), facts: facts())
        let page = try files.list(FileQuery(since: "previous-run:1"))
        XCTAssertTrue(page.fresh)
        XCTAssertNil(page.removed)
        XCTAssertEqual(page.files.map(\.path), [path("a"), path("b")])
        XCTAssertTrue(try files.list(FileQuery(since: "test:999")).fresh, "a clock from the future")
    }

    func testInstanceIdsMayContainColons() throws {
        let files = ReadinessTracker(clock: clock, instanceId: "host:4242")
        files.observe(path("a"), facts: facts())
        let page = try files.list(FileQuery())
        XCTAssertEqual(page.clock, "host:4242:1")
        XCTAssertFalse(try files.list(FileQuery(since: page.clock)).fresh)
    }

    func testInvalidSinceIsAClearError() {
        let files = tracker()
        for bad in ["", "nocolon", "test:", "test:-1", "test:12x", ":5", "test:99999999999999999999999"] {
            XCTAssertThrowsError(try files.list(FileQuery(since: bad)), bad) { error in
                guard case ReadinessQueryError.invalidSince(let clockError) = error else {
                    return XCTFail("\(bad): \(error)")
                }
                XCTAssertEqual(clockError.text, bad)
                XCTAssertEqual((error as! ReadinessQueryError).param, "since")
                XCTAssertTrue(String(describing: error).contains("pass the \"clock\" string"))
            }
        }
    }

    func testForgottenRemovalsForceAFreshList() throws {
        let files = tracker(tombstones: 3)
        for index in 0..<6 { files.observe(path("f\(index)"), facts: facts()) }
        let before = try files.list(FileQuery()).clock
        files.remove(path("f0"))
        files.remove(path("f1"))
        files.remove(path("f2"))
        let kept = try files.list(FileQuery(since: before))
        XCTAssertFalse(kept.fresh)
        XCTAssertEqual(kept.removed, [path("f0"), path("f1"), path("f2")])
        let middle = kept.clock
        files.remove(path("f3"))
        let lost = try files.list(FileQuery(since: before))
        XCTAssertTrue(lost.fresh, "the removal of f0 was forgotten")
        XCTAssertEqual(lost.files.map(\.path), [path("f4"), path("f5")])
        let recent = try files.list(FileQuery(since: middle))
        XCTAssertEqual(recent.removed, [path("f3")])
    }

    func testTombstonesStayBoundedOverManyRemovals() throws {
        let files = tracker(tombstones: 100)
        for index in 0..<10_000 {
            files.observe(path("f\(index)"), facts: facts())
            files.remove(path("f\(index)"))
        }
        XCTAssertEqual(files.tombstones.count, 100)
        let page = try files.list(FileQuery(since: "test:\(files.changeCounter - 10)"))
        XCTAssertEqual(page.removed, [path("f9995"), path("f9996"), path("f9997"), path("f9998"), path("f9999")])
    }
}
