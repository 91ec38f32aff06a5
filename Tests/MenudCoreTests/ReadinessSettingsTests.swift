import XCTest
@testable import MenudCore

final class ReadinessSettingsTests: XCTestCase {
    func testDefaults() {
        let settings = ReadinessSettings()
        XCTAssertEqual(settings.settleMs, 2000)
        XCTAssertNil(settings.expireAfterMs)
        XCTAssertEqual(settings.partialSuffixes, [".part", ".crdownload", ".download", ".tmp"])
    }

    func testEvaluateFollowsTheProtocolRules() {
        let settings = ReadinessSettings(settleMs: 100, expireAfterMs: 1000)
        XCTAssertEqual(settings.evaluate(lastChangeMs: 0, partialSuffix: nil, nowMs: 99).state, .pending)
        XCTAssertEqual(settings.evaluate(lastChangeMs: 0, partialSuffix: nil, nowMs: 99).nextTransitionMs, 100)
        XCTAssertEqual(settings.evaluate(lastChangeMs: 0, partialSuffix: nil, nowMs: 100).state, .ready)
        XCTAssertEqual(settings.evaluate(lastChangeMs: 0, partialSuffix: nil, nowMs: 100).nextTransitionMs, 1100)
        XCTAssertEqual(settings.evaluate(lastChangeMs: 0, partialSuffix: nil, nowMs: 1100).state, .expired)
        XCTAssertNil(settings.evaluate(lastChangeMs: 0, partialSuffix: nil, nowMs: 1100).nextTransitionMs)
        XCTAssertEqual(settings.evaluate(lastChangeMs: 0, partialSuffix: ".part", nowMs: 1_000_000).state, .pending)
        XCTAssertNil(settings.evaluate(lastChangeMs: 0, partialSuffix: ".part", nowMs: 0).nextTransitionMs)
    }

    func testHugeDurationsSaturateInsteadOfOverflowing() {
        let settings = ReadinessSettings(settleMs: .max, expireAfterMs: .max)
        XCTAssertEqual(settings.readyAtMs(lastChangeMs: 1), .max)
        XCTAssertEqual(settings.evaluate(lastChangeMs: 1, partialSuffix: nil, nowMs: 5).state, .pending)
    }

    func testPartialSuffixMatching() {
        let settings = ReadinessSettings()
        XCTAssertEqual(settings.partialSuffix(ofName: Array("a.PART".utf8)), ".part")
        XCTAssertNil(settings.partialSuffix(ofName: Array("a.parts".utf8)))
        XCTAssertNil(settings.partialSuffix(ofName: Array("part".utf8)))
        XCTAssertNil(ReadinessSettings(partialSuffixes: [""]).partialSuffix(ofName: Array("a".utf8)))
    }
}
