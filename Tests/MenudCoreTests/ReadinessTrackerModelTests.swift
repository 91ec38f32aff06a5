import Foundation
import XCTest
@testable import MenudCore
import MenudProtocol
import MenudText
import TestSupport

/// The tracker against `ReadinessModel` under random histories: creations, writes, renames,
/// removals, directories moved in and out, settings reloads, time passing, clocks taken at
/// random moments; every answer (`list` with globs, `since`, states, pages, and cursors read
/// in random slices while the files change) compared with a scan of the model.
///
/// `MENUD_MODEL_SEQUENCES` sets how many histories (default 1,500); `MENUD_MODEL_SEED` replays
/// one. A failure names its seed.
final class ReadinessTrackerModelTests: XCTestCase {
    static let globs: [String] = [
        "d1/*", "d1/*.txt", "d1/s0/*", "d1-x/*", "**/f1.txt", "**/f2.part", "d1/**", "d1/**/f0.txt", "/f1.txt", "d2/s1/f3.txt",
        "f1.txt", "*.txt", "f?.part", "[ab]*", "d1/", "*/f1.txt", "d?/*", "*/s?/*", "**", "d1/s0/**/*.txt", "f0.txt.tmp",
    ]

    func testMatchesTheModelUnderRandomHistories() throws {
        let seeds = ModelSeeds.fromEnvironment(stride: 0x9E37_79B9, offset: 17)
        let globs = try ReadinessTrackerModelTests.globs.map { try GlobPattern($0) }
        for seed in seeds {
            var run = ReadinessModelRun(seed: seed, globs: globs)
            if let failure = run.play(steps: 120) {
                XCTFail("seed \(seed) (replay with MENUD_MODEL_SEED=\(seed)): \(failure)")
                return
            }
        }
    }
}

/// One random history, played against a tracker and the model side by side.
struct ReadinessModelRun {
    struct OpenCursor {
        var cursor: ListingCursor
        let expected: FileListPage
        var files: [FileSnapshot] = []
    }

    private var generator: SeededGenerator
    private let globs: [GlobPattern]
    private let clock = ManualClock(nowMs: 1_764_500_000_000)
    private let tracker: ReadinessTracker
    private var model: ReadinessModel
    private var clocks: [String] = []
    private var cursors: [OpenCursor] = []
    private var log: [String] = []

    init(seed: UInt64, globs: [GlobPattern]) {
        generator = SeededGenerator(seed: seed)
        self.globs = globs
        let capacity = [3, 10, 1000][Int(generator.next() % 3)]
        let settings = ReadinessSettings(settleMs: 300, expireAfterMs: 2000, partialSuffixes: [".part"])
        tracker = ReadinessTracker(settings: settings, clock: clock, instanceId: "model", tombstoneCapacity: capacity,
                                   pathTreeFanout: [4, 5, 8, 128][Int(generator.next() % 4)])
        model = ReadinessModel(instanceId: "model", tombstoneCapacity: capacity, settings: settings)
    }

    private mutating func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }

    private mutating func randomDirectory() -> String {
        ["", "d1/", "d1-x/", "d1/s0/", "d1/s1/", "d2/", "d2/s1/", "d1/s0/t/"][random(8)]
    }

    private mutating func randomPath() -> RelativePath {
        let name = ["f0.txt", "f1.txt", "f2.part", "f3.txt", "a", "b.txt", "f0.txt.tmp", "s0"][random(8)]
        return RelativePath(randomDirectory() + name)
    }

    private mutating func randomFacts() -> FileFacts {
        let mtime = clock.nowMs() - Int64(random(4000))
        return FileFacts(size: Int64(random(5)), mtimeMs: mtime, inode: UInt64(random(3)), ctimeMs: mtime)
    }

    private mutating func randomQuery() -> FileQuery {
        var query = FileQuery()
        if random(2) == 0 { query.glob = globs[random(globs.count)] }
        if random(3) == 0 { query.state = FileState.allCases[random(3)] }
        if random(3) == 0 { query.offset = random(6) }
        if random(3) == 0 { query.limit = random(6) }
        if random(2) == 0 {
            query.since = random(8) == 0 ? ["other:1", "model:99999", "model:0"][random(3)]
                : clocks.isEmpty ? model.clock : clocks[random(clocks.count)]
        }
        return query
    }

    /// Plays `steps` random steps; returns what went wrong first, if anything.
    mutating func play(steps: Int) -> String? {
        for step in 0..<steps {
            if let failure = playStep() {
                return "step \(step): \(failure)\n  history: \(log.suffix(12).joined(separator: "; "))"
            }
        }
        // Cursors still open are read to their end, with no more changes.
        while !cursors.isEmpty {
            // A finished cursor leaves the list.
            if let failure = readSlice(0, maxFiles: 7) { return "at the end: \(failure)" }
        }
        return check("at the end", tracker.allPaths() == model.files.keys.sorted(), "the tracked paths differ")
    }

    private mutating func playStep() -> String? {
        let now = clock.nowMs()
        switch random(20) {
        case 0...4:
            let path = randomPath()
            let facts = random(4) == 0 ? (model.files[path]?.facts ?? randomFacts()) : randomFacts()
            let initial = random(5) == 0
            log.append("observe \(path) \(facts.size) \(initial ? "initial" : "")")
            let expected = model.observe(path, facts: facts, initial: initial, nowMs: now)
            return check("observe", tracker.observe(path, facts: facts, initial: initial) == expected, "changed differs for \(path)")
        case 5, 6:
            // A rename: the old name goes, the new one appears with the same facts.
            let from = randomPath()
            let to = randomPath()
            guard let file = model.files[from], from != to else { return nil }
            log.append("rename \(from) -> \(to)")
            _ = model.remove(from)
            _ = model.observe(to, facts: file.facts, initial: false, nowMs: now)
            tracker.remove(from)
            tracker.observe(to, facts: file.facts)
        case 7:
            let path = randomPath()
            log.append("remove \(path)")
            return check("remove", tracker.remove(path) == model.remove(path), "removed differs for \(path)")
        case 8:
            // A directory moved in: its files appear one after the other.
            let directory = randomDirectory()
            log.append("move in \(directory)")
            for name in ["f0.txt", "f1.txt", "f3.txt", "b.txt", "f2.part"].shuffled(using: &generator).prefix(1 + random(5)) {
                let facts = randomFacts()
                _ = model.observe(RelativePath(directory + name), facts: facts, initial: false, nowMs: now)
                tracker.observe(RelativePath(directory + name), facts: facts)
            }
        case 9:
            var directory = randomDirectory()
            if !directory.isEmpty { directory.removeLast() }
            log.append("move out \(directory.isEmpty ? "." : directory)")
            let path = RelativePath(directory)
            var removed: [RelativePath] = []
            if random(2) == 0 {
                removed = tracker.removeSubtree(path)
            } else {
                // In slices, as a caller spreading a large removal over several turns.
                let slice = 1 + random(3)
                while case let part = tracker.removeSubtree(path, maxFiles: slice), !part.isEmpty { removed += part }
            }
            return check("removeSubtree", removed == model.removeSubtree(path), "removed paths differ")
        case 10:
            let settings = ReadinessSettings(settleMs: [0, 300, 700][random(3)], expireAfterMs: [nil, 1000, 2000][random(3)],
                                             partialSuffixes: [[".part"], [".part", ".tmp"], []][random(3)])
            log.append("settings \(settings.settleMs) \(settings.expireAfterMs ?? -1) \(settings.partialSuffixes)")
            let expected = model.updateSettings(settings, nowMs: now)
            guard random(2) == 0 else {
                return check("updateSettings", tracker.updateSettings(settings) == expected, "changed paths differ")
            }
            // In slices, as the daemon applies a reload; cursors opened before read on after it.
            let slice = 1 + random(3)
            tracker.beginSettings(settings)
            var changed: [RelativePath] = []
            while tracker.isReckoningSettings { changed += tracker.reckonSettings(maxFiles: slice) }
            return check("reckonSettings", changed == expected, "changed paths differ: \(changed), expected \(expected)")
        case 11, 12:
            clock.advance(by: Int64(random(900)))
            log.append("time \(clock.nowMs() - 1_764_500_000_000)")
            let due = model.dueTransitions(nowMs: clock.nowMs())
            var changed: [RelativePath] = []
            if random(2) == 0 {
                changed = tracker.advance()
            } else {
                let slice = 1 + random(3)
                while let next = tracker.nextDeadlineMs, next <= clock.nowMs() { changed += tracker.advance(maxTransitions: slice) }
            }
            if Set(changed) != due || changed.count != due.count { return "advance: changed \(changed), expected \(due.sorted())" }
            model.applyTransitions(changed, nowMs: clock.nowMs())
            return check("advance", tracker.nextDeadlineMs == model.nextDeadline(), "next deadline differs")
        case 13:
            var directory = randomDirectory()
            if !directory.isEmpty { directory.removeLast() }
            let path = RelativePath(directory)
            var expected = ReadinessCounts()
            for (file, entry) in model.files where file.isInside(path) { expected[entry.state] += 1 }
            if tracker.counts(under: path) != expected { return "counts under \(path): \(tracker.counts(under: path)) != \(expected)" }
            clocks.append(tracker.currentClock)
            return check("clock", tracker.currentClock == model.clock, "clock \(tracker.currentClock) != \(model.clock)")
        case 14, 15:
            let query = randomQuery()
            let page = try! tracker.list(query)
            let expected = model.list(query, nowMs: now)
            return check("list", page == expected, "\(describe(query)):\n  got      \(describe(page))\n  expected \(describe(expected))")
        case 16:
            guard cursors.count < 3 else { return nil }
            let query = randomQuery()
            log.append("open \(describe(query))")
            let cursor = try! tracker.openListing(query)
            cursors.append(OpenCursor(cursor: cursor, expected: model.list(query, nowMs: now)))
        default:
            guard !cursors.isEmpty else { return nil }
            let index = random(cursors.count)
            if random(12) == 0 {
                log.append("close")
                tracker.close(cursors[index].cursor)
                cursors.remove(at: index)
                return nil
            }
            return readSlice(index, maxFiles: 1 + random(4))
        }
        return nil
    }

    /// Reads a slice of cursor `index`; when it ends, compares the whole answer.
    private mutating func readSlice(_ index: Int, maxFiles: Int) -> String? {
        var files: [FileSnapshot] = []
        let settings = cursors[index].cursor.settings
        tracker.next(&cursors[index].cursor, maxFiles: maxFiles) { view in
            files.append(FileSnapshot(
                path: RelativePath(bytes: view.pathBytes), size: view.size, sizeText: FileSizeText.format(view.size),
                state: view.state, mtimeMs: view.mtimeMs, readyAtMs: view.readyAtMs, expiresAtMs: view.expiresAtMs,
                reason: view.reason.text(partialSuffixes: settings.partialSuffixes), clock: "model:\(view.changeCounter)"))
        }
        cursors[index].files += files
        let open = cursors[index]
        guard let summary = open.cursor.summary else { return nil }
        cursors.remove(at: index)
        let page = FileListPage(files: open.files, total: summary.total, clock: summary.clock, removed: summary.removed,
                                fresh: summary.fresh)
        if let known = open.cursor.knownTotal, known != summary.total { return "cursor: known total \(known) != \(summary.total)" }
        return check("cursor", page == open.expected, "\n  got      \(describe(page))\n  expected \(describe(open.expected))")
    }

    private func check(_ what: String, _ condition: Bool, _ message: @autoclosure () -> String) -> String? {
        condition ? nil : "\(what): \(message())"
    }

    private func describe(_ query: FileQuery) -> String {
        "glob \(query.glob?.source ?? "-") state \(query.state?.rawValue ?? "-") offset \(query.offset) limit \(query.limit ?? -1) since \(query.since ?? "-")"
    }

    private func describe(_ page: FileListPage) -> String {
        let files = page.files.map { "\($0.path) \($0.state.rawValue) \($0.size) \($0.clock) \($0.reason)" }
        return "total \(page.total) clock \(page.clock) fresh \(page.fresh) removed \(page.removed.map { "\($0)" } ?? "nil") files \(files)"
    }
}
