@testable import MenudCore
import MenudProtocol
import MenudText

/// A naive tracker for the model tests: a dictionary of files, and every answer computed by a
/// scan of all of them, from the protocol's rules alone (no index, no packing, no order kept).
struct ReadinessModel {
    struct File {
        var facts: FileFacts
        var lastChangeMs: Int64
        var counter: UInt64
        var state: FileState
    }

    let instanceId: String
    let tombstoneCapacity: Int
    var settings: ReadinessSettings
    var files: [RelativePath: File] = [:]
    var counter: UInt64 = 0
    var tombstones: [(path: RelativePath, counter: UInt64)] = []
    /// The newest removal forgotten.
    var floor: UInt64 = 0

    var clock: String { "\(instanceId):\(counter)" }

    func isPartial(_ path: RelativePath) -> Bool {
        settings.partialSuffix(ofName: path.lastComponentBytes) != nil
    }

    func evaluate(_ path: RelativePath, _ file: File, nowMs: Int64) -> FileState {
        settings.evaluate(lastChangeMs: file.lastChangeMs, partialSuffix: settings.partialSuffix(ofName: path.lastComponentBytes),
                          nowMs: nowMs).state
    }

    /// What `observe` must return.
    mutating func observe(_ path: RelativePath, facts: FileFacts, initial: Bool, nowMs: Int64) -> Bool {
        if path.isRoot { return false }
        if let old = files[path], old.facts == facts { return false }
        counter += 1
        var file = File(facts: facts, lastChangeMs: initial ? min(nowMs, facts.mtimeMs) : nowMs, counter: counter, state: .pending)
        file.state = evaluate(path, file, nowMs: nowMs)
        files[path] = file
        return true
    }

    mutating func remove(_ path: RelativePath) -> Bool {
        guard files.removeValue(forKey: path) != nil else { return false }
        counter += 1
        tombstones.append((path, counter))
        if tombstones.count > tombstoneCapacity {
            floor = tombstones.removeFirst().counter
        }
        return true
    }

    mutating func removeSubtree(_ directory: RelativePath) -> [RelativePath] {
        let doomed = files.keys.filter { $0 == directory || $0.isInside(directory) }.sorted()
        for path in doomed { _ = remove(path) }
        return doomed
    }

    /// The files whose state is due to change at `nowMs`.
    func dueTransitions(nowMs: Int64) -> Set<RelativePath> {
        Set(files.filter { evaluate($0.key, $0.value, nowMs: nowMs) != $0.value.state }.map(\.key))
    }

    /// Applies the transitions the tracker reported, in its order (the model checks the set).
    mutating func applyTransitions(_ paths: [RelativePath], nowMs: Int64) {
        for path in paths {
            counter += 1
            files[path]!.counter = counter
            files[path]!.state = evaluate(path, files[path]!, nowMs: nowMs)
        }
    }

    /// What a File object shows of `file`, whose state may be re-evaluated: state, readyAt,
    /// expiresAt and the suffix.
    private func visible(_ path: RelativePath, _ file: File, _ settings: ReadinessSettings, state: FileState) -> [String?] {
        let ready = state == .pending ? nil : settings.readyAtMs(lastChangeMs: file.lastChangeMs)
        return [state.rawValue, ready.map { "\($0)" }, ready.flatMap { settings.expiresAtMs(readyAtMs: $0) }.map { "\($0)" },
                settings.partialSuffix(ofName: path.lastComponentBytes)]
    }

    /// Switches settings; returns the files whose File object changed, sorted.
    mutating func updateSettings(_ new: ReadinessSettings, nowMs: Int64) -> [RelativePath] {
        let old = settings
        settings = new
        guard old != new else { return [] }
        var changed: [RelativePath] = []
        for path in files.keys.sorted() {
            var file = files[path]!
            let before = visible(path, file, old, state: file.state)
            file.state = evaluate(path, file, nowMs: nowMs)
            if visible(path, file, new, state: file.state) != before {
                counter += 1
                file.counter = counter
                changed.append(path)
            }
            files[path] = file
        }
        return changed
    }

    /// The earliest transition to come.
    func nextDeadline() -> Int64? {
        files.compactMap { path, file in
            settings.nextTransitionMs(after: file.state, lastChangeMs: file.lastChangeMs, isPartial: isPartial(path))
        }.min()
    }

    func snapshot(_ path: RelativePath, _ file: File, nowMs: Int64) -> FileSnapshot {
        let ready = file.state == .pending ? nil : settings.readyAtMs(lastChangeMs: file.lastChangeMs)
        let suffix = settings.partialSuffixIndex(ofName: path.lastComponentBytes)
        return FileSnapshot(
            path: path, size: file.facts.size, sizeText: FileSizeText.format(file.facts.size), state: file.state,
            mtimeMs: file.facts.mtimeMs, readyAtMs: ready, expiresAtMs: ready.flatMap { settings.expiresAtMs(readyAtMs: $0) },
            reason: FileReason(state: file.state, lastChangeMs: file.lastChangeMs, partialSuffixIndex: suffix, settings: settings,
                               nowMs: nowMs).text(partialSuffixes: settings.partialSuffixes),
            clock: "\(instanceId):\(file.counter)")
    }

    /// `files.list`, by a scan of every file.
    func list(_ query: FileQuery, nowMs: Int64) -> FileListPage {
        var since: UInt64?
        var fresh = false
        if let text = query.since {
            let clock = try! ChangeClock(parsing: text)
            if clock.instanceId == instanceId && clock.counter <= counter && clock.counter >= floor {
                since = clock.counter
            } else {
                fresh = true
            }
        }
        var matching: [RelativePath] = []
        var removed = Set<RelativePath>()
        for (path, file) in files {
            if let glob = query.glob, !glob.matches(path) { continue }
            if let since, file.counter <= since { continue }
            if let state = query.state, file.state != state {
                if since != nil { removed.insert(path) }
                continue
            }
            matching.append(path)
        }
        if let since {
            for tombstone in tombstones where tombstone.counter > since && files[tombstone.path] == nil {
                if let glob = query.glob, !glob.matches(tombstone.path) { continue }
                removed.insert(tombstone.path)
            }
        }
        matching.sort()
        let start = min(query.offset, matching.count)
        let end = start + min(query.limit ?? Int.max, matching.count - start)
        return FileListPage(files: matching[start..<end].map { snapshot($0, files[$0]!, nowMs: nowMs) }, total: matching.count,
                            clock: clock, removed: since == nil ? nil : removed.sorted(), fresh: fresh)
    }
}
