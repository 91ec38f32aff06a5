import Foundation
import XCTest
@testable import MenudCore
import MenudProtocol
import TestSupport

/// Reloads applied in slices (`beginSettings`, `reckonSettings`) while the files change, time
/// passes, more reloads come and cursors read on, under random histories:
/// - every answer in between shows each file with one of the two settings in play, its state,
///   `readyAtMs`, `expiresAtMs` and reason all from the same one;
/// - a cursor read in slices across the reload gives the answer `list` gave when it opened;
/// - once the reload is done and the due transitions applied, every file is what the model
///   says with the last settings, and the next deadline is the model's.
///
/// `MENUD_MODEL_SEQUENCES` sets how many histories (default 1,500, as for the other model
/// test); `MENUD_MODEL_SEED` replays one. A failure names its seed.
final class ReadinessReloadModelTests: XCTestCase {
    func testSlicedReloadsMatchTheModelUnderRandomHistories() {
        let seeds = ModelSeeds.fromEnvironment(stride: 0x2545_F491, offset: 3)
        for seed in seeds {
            var run = ReadinessReloadRun(seed: seed)
            if let failure = run.play(steps: 100) {
                XCTFail("seed \(seed) (replay with MENUD_MODEL_SEED=\(seed)): \(failure)")
                return
            }
        }
    }
}

/// One random history of sliced reloads.
struct ReadinessReloadRun {
    private var generator: SeededGenerator
    private let clock = ManualClock(nowMs: 1_764_500_000_000)
    private let tracker: ReadinessTracker
    private var model: ReadinessModel
    private var cursors: [(cursor: ListingCursor, expected: FileListPage, files: [FileView])] = []
    private var log: [String] = []

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
        let settings = ReadinessSettings(settleMs: 300, expireAfterMs: 2000, partialSuffixes: [".part", ".tmp"])
        tracker = ReadinessTracker(settings: settings, clock: clock, instanceId: "reload", tombstoneCapacity: 1000,
                                   pathTreeFanout: [4, 8, 128][Int(generator.next() % 3)])
        model = ReadinessModel(instanceId: "reload", tombstoneCapacity: 1000, settings: settings)
    }

    private mutating func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }

    private mutating func randomPath() -> RelativePath {
        let directory = ["", "d1/", "d1/s0/", "d2/"][random(4)]
        return RelativePath(directory + ["f0.txt", "f1.part", "f2.tmp", "f3.TMP", "b", "c.txt"][random(6)])
    }

    private mutating func randomSettings() -> ReadinessSettings {
        ReadinessSettings(settleMs: [0, 300, 700][random(3)], expireAfterMs: [nil, 500, 2000][random(3)],
                          partialSuffixes: [[".part", ".tmp"], [".tmp", ".part"], [".part"], [], [".txt"]][random(5)])
    }

    mutating func play(steps: Int) -> String? {
        for _ in 0..<20 {
            let path = randomPath()
            let facts = FileFacts(size: 1, mtimeMs: clock.nowMs() - Int64(random(3000)), inode: 1, ctimeMs: 0)
            _ = model.observe(path, facts: facts, initial: true, nowMs: clock.nowMs())
            tracker.observe(path, facts: facts, initial: true)
        }
        for step in 0..<steps {
            if let failure = playStep() {
                return "step \(step): \(failure)\n  history: \(log.suffix(14).joined(separator: "; "))"
            }
        }
        while tracker.isReckoningSettings { _ = tracker.reckonSettings(maxFiles: 3) }
        while !cursors.isEmpty {
            if let failure = readSlice(0) { return "at the end: \(failure)" }
        }
        return settle("at the end")
    }

    private mutating func playStep() -> String? {
        let now = clock.nowMs()
        switch random(16) {
        case 0...2:
            let path = randomPath()
            let facts = FileFacts(size: Int64(random(4)), mtimeMs: now, inode: 1, ctimeMs: 0)
            log.append("observe \(path) \(facts.size)")
            _ = model.observe(path, facts: facts, initial: false, nowMs: now)
            tracker.observe(path, facts: facts)
        case 3:
            let path = randomPath()
            log.append("remove \(path)")
            _ = model.remove(path)
            tracker.remove(path)
        case 4, 5:
            let settings = randomSettings()
            log.append("reload \(settings.settleMs) \(settings.expireAfterMs ?? -1) \(settings.partialSuffixes)")
            _ = model.updateSettings(settings, nowMs: now)
            tracker.beginSettings(settings)
        case 6...8:
            log.append("reckon")
            _ = tracker.reckonSettings(maxFiles: 1 + random(4))
        case 9, 10:
            clock.advance(by: Int64(random(700)))
            log.append("time \(clock.nowMs() - 1_764_500_000_000)")
            _ = tracker.advance(maxTransitions: 1 + random(5))
        case 11:
            guard !tracker.isReckoningSettings else { return nil }
            return settle("settled")
        case 12, 13:
            return checkEachFileShowsOneSettings()
        case 14:
            guard cursors.count < 3 else { return nil }
            var query = FileQuery()
            if random(2) == 0 { query.state = FileState.allCases[random(3)] }
            log.append("open \(query.state?.rawValue ?? "-")")
            let expected = try! tracker.list(query)
            cursors.append((try! tracker.openListing(query), expected, []))
        default:
            guard !cursors.isEmpty else { return nil }
            return readSlice(random(cursors.count))
        }
        return nil
    }

    /// Every file's state, times and reason come from one of the settings in play.
    private func checkEachFileShowsOneSettings() -> String? {
        let epoch = tracker.settingsEpoch
        let candidates = [epoch.current] + (epoch.previous.map { [$0] } ?? [])
        let page = try! tracker.list(FileQuery())
        guard page.files.map(\.path) == model.files.keys.sorted() else { return "the listed paths differ from the model's" }
        for file in page.files {
            let lastChangeMs = model.files[file.path]!.lastChangeMs
            let fits = candidates.contains { settings in
                let view = ReadinessTracker.view(
                    FileRecord(facts: FileFacts(size: file.size, mtimeMs: file.mtimeMs, inode: 1, ctimeMs: 0), lastChangeMs: lastChangeMs,
                               changeCounter: 0, state: file.state,
                               partialSuffixIndex: settings.partialSuffixIndex(ofName: file.path.lastComponentBytes)),
                    file.path.bytes, settings: ReadinessSettingsEpoch(settings), nowMs: clock.nowMs())
                let reason = view.reason.text(partialSuffixes: settings.partialSuffixes)
                // A partial-download name is pending whatever its age.
                let partialIsPending = file.state == .pending || settings.partialSuffix(ofName: file.path.lastComponentBytes) == nil
                return view.readyAtMs == file.readyAtMs && view.expiresAtMs == file.expiresAtMs && reason == file.reason && partialIsPending
            }
            if !fits { return "\(file.path) (\(file.state.rawValue), \(file.reason)) fits neither of \(candidates)" }
        }
        return nil
    }

    /// Once no reload is under way: the due transitions applied, every file is the model's.
    private mutating func settle(_ what: String) -> String? {
        _ = tracker.advance()
        model.applyTransitions(Array(model.dueTransitions(nowMs: clock.nowMs())), nowMs: clock.nowMs())
        let page = try! tracker.list(FileQuery())
        let expected = model.list(FileQuery(), nowMs: clock.nowMs())
        let strip = { (files: [FileSnapshot]) in files.map { "\($0.path) \($0.state.rawValue) \($0.readyAtMs ?? -1) \($0.expiresAtMs ?? -1) \($0.reason)" } }
        if strip(page.files) != strip(expected.files) { return "\(what): got \(strip(page.files)), expected \(strip(expected.files))" }
        if tracker.nextDeadlineMs != model.nextDeadline() { return "\(what): next deadline \(tracker.nextDeadlineMs ?? -1) != \(model.nextDeadline() ?? -1)" }
        return nil
    }

    /// Reads a slice of cursor `index`; at its end, compares with `list` at its opening.
    private mutating func readSlice(_ index: Int) -> String? {
        var views: [FileView] = []
        tracker.next(&cursors[index].cursor, maxFiles: 1 + random(3)) { views.append($0) }
        cursors[index].files += views
        let open = cursors[index]
        guard let summary = open.cursor.summary else { return nil }
        cursors.remove(at: index)
        let settings = open.cursor.settings
        let files = open.files.map { view in
            "\(RelativePath(bytes: view.pathBytes)) \(view.state.rawValue) \(view.readyAtMs ?? -1) \(view.expiresAtMs ?? -1) "
                + view.reason.text(partialSuffixes: settings.partialSuffixes)
        }
        let expected = open.expected.files.map { "\($0.path) \($0.state.rawValue) \($0.readyAtMs ?? -1) \($0.expiresAtMs ?? -1) \($0.reason)" }
        if files != expected || summary.total != open.expected.total { return "cursor: got \(files), expected \(expected)" }
        return nil
    }
}
