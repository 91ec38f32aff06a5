import XCTest
@testable import MenudCore
import MenudProtocol

/// Reloads applied in slices, as the daemon applies them (`beginSettings`, `reckonSettings`).
extension ReadinessTrackerTests {
    func testASlicedReloadShowsEachFileWithTheSettingsItWasReckonedWith() throws {
        let files = tracker(settleMs: 1000, expireAfterMs: 60_000)
        for name in ["a", "b", "c"] { files.observe(path(name), facts: facts(mtime: start - 5000), initial: true) }
        XCTAssertEqual(files.snapshot(of: path("c"))!.expiresAtMs, start - 4000 + 60_000)
        let before = try files.openListing(FileQuery())

        files.beginSettings(ReadinessSettings(settleMs: 1000, expireAfterMs: 2000, partialSuffixes: []))
        XCTAssertTrue(files.isReckoningSettings)
        XCTAssertEqual(files.reckonSettings(maxFiles: 1), [path("a")])
        XCTAssertEqual(files.snapshot(of: path("a"))!.state, .expired, "reached: expired under the new expiry")
        XCTAssertEqual(files.snapshot(of: path("b"))!.state, .ready, "not reached yet")
        XCTAssertEqual(files.snapshot(of: path("b"))!.expiresAtMs, start - 4000 + 60_000, "shown with the old expiry, as it was reckoned")
        XCTAssertEqual(files.counts, ReadinessCounts(ready: 2, expired: 1))
        // A file changed meanwhile is reckoned with the new settings at once.
        files.observe(path("c"), facts: facts(size: 7))
        XCTAssertEqual(files.snapshot(of: path("c"))!.state, .pending)
        clock.advance(by: 1000)
        XCTAssertEqual(files.advance(), [path("c")])
        XCTAssertEqual(files.snapshot(of: path("c"))!.expiresAtMs, start + 1000 + 2000, "the new expiry")

        XCTAssertEqual(files.reckonSettings(maxFiles: 1), [path("b")])
        XCTAssertEqual(files.reckonSettings(maxFiles: 2), [], "c has the new settings already")
        XCTAssertFalse(files.isReckoningSettings)
        XCTAssertNil(files.settingsEpoch.previous)
        XCTAssertEqual(files.counts, ReadinessCounts(ready: 1, expired: 2))

        // The listing opened before the reload shows every file as it was then.
        var cursor = before
        var shown: [String] = []
        files.next(&cursor, maxFiles: 10) { shown.append("\(RelativePath(bytes: $0.pathBytes)) \($0.state.rawValue) \($0.expiresAtMs!)") }
        XCTAssertEqual(shown, ["a ready \(start + 56_000)", "b ready \(start + 56_000)", "c ready \(start + 56_000)"])
    }

    func testSettingsThatComeDuringASlicedReloadFollowIt() {
        let files = tracker(settleMs: 1000)
        for name in ["a", "b"] { files.observe(path(name), facts: facts(mtime: start - 5000), initial: true) }
        files.beginSettings(ReadinessSettings(settleMs: 10_000, partialSuffixes: []))
        XCTAssertEqual(files.reckonSettings(maxFiles: 1), [path("a")])
        files.beginSettings(ReadinessSettings(settleMs: 20_000, partialSuffixes: []))
        files.beginSettings(ReadinessSettings(settleMs: 3000, partialSuffixes: []))
        XCTAssertEqual(files.settings.settleMs, 10_000, "the reload under way goes on first")
        XCTAssertEqual(files.reckonSettings(maxFiles: 10), [path("b")])
        XCTAssertEqual(files.settings.settleMs, 3000, "then the last settings that came")
        XCTAssertTrue(files.isReckoningSettings)
        XCTAssertEqual(files.reckonSettings(maxFiles: 10), [path("a"), path("b")])
        XCTAssertFalse(files.isReckoningSettings)
        XCTAssertEqual(files.snapshot(of: path("a"))!.state, .ready)
        XCTAssertEqual(files.snapshot(of: path("a"))!.readyAtMs, start - 2000)
    }

    func testAFileDueUnderTheOldSettingsBeforeTheReloadReachesItIsReckonedWithTheNew() {
        let files = tracker(settleMs: 1000)
        files.observe(path("a"), facts: facts())
        files.observe(path("z.part"), facts: facts())
        XCTAssertEqual(files.nextDeadlineMs, start + 1000)
        files.beginSettings(ReadinessSettings(settleMs: 4000, partialSuffixes: []))
        clock.advance(by: 1000)
        XCTAssertEqual(files.advance(), [], "a is due under the old settle, not under the new one")
        XCTAssertEqual(files.state(of: path("a")), .pending)
        XCTAssertEqual(files.nextDeadlineMs, start + 4000, "a is due at the new settle time")
        XCTAssertEqual(files.reckonSettings(maxFiles: 10), [path("z.part")], "no longer a partial name; a is reckoned already")
        XCTAssertEqual(files.nextDeadlineMs, start + 4000)
        clock.advance(by: 3000)
        XCTAssertEqual(Set(files.advance()), [path("a"), path("z.part")])
    }
}
