import MenudProtocol

/// Applying new readiness settings (a configuration reload).
extension ReadinessTracker {
    /// Switches to `newSettings` and re-evaluates every file at `clock.nowMs()`: partial names
    /// are matched against the new suffixes, states and deadlines follow the new settle and
    /// expiry times. Each file whose File object changed (state, `readyAtMs` or `expiresAtMs`)
    /// counts as a change; those paths are returned, sorted bytewise. O(n log n).
    @discardableResult
    public func updateSettings(_ newSettings: ReadinessSettings) -> [RelativePath] {
        let oldSettings = settings
        settings = newSettings
        guard oldSettings != newSettings else { return [] }
        var slots: [Int] = []
        slots.reserveCapacity(count)
        forEachSlot(under: .root, directlyIn: false) {
            slots.append($0)
            return true
        }
        let now = clock.nowMs()
        var changed: [RelativePath] = []
        for slot in slots {
            let before = table[slot]
            let oldTimes = visibleTimes(state: before.state, lastChangeMs: before.lastChangeMs, settings: oldSettings)
            let oldSuffix = before.partialSuffixIndex.map { oldSettings.partialSuffixes[$0] }
            let partialSuffixIndex = newSettings.partialSuffixIndex(ofName: table.name(of: slot))
            let newSuffix = partialSuffixIndex.map { newSettings.partialSuffixes[$0] }
            let evaluation = newSettings.evaluate(lastChangeMs: before.lastChangeMs, isPartial: partialSuffixIndex != nil, nowMs: now)
            let newTimes = visibleTimes(state: evaluation.state, lastChangeMs: before.lastChangeMs, settings: newSettings)
            let isChange = evaluation.state != before.state || oldTimes != newTimes || newSuffix != oldSuffix
            guard isChange || partialSuffixIndex != before.partialSuffixIndex else { continue }
            // Open listings show the old version (they also keep the old settings).
            preserveForListings(slot)
            table[slot].partialSuffixIndex = partialSuffixIndex
            setState(slot, evaluation.state)
            if isChange {
                stamp(slot)
                changed.append(table.path(of: slot))
            }
        }
        rebuildDeadlines()
        return changed
    }

    /// The `readyAtMs` and `expiresAtMs` a File object shows.
    private func visibleTimes(state: FileState, lastChangeMs: Int64, settings: ReadinessSettings) -> [Int64?] {
        guard state != .pending else { return [nil, nil] }
        let readyAt = settings.readyAtMs(lastChangeMs: lastChangeMs)
        return [readyAt, settings.expiresAtMs(readyAtMs: readyAt)]
    }
}
