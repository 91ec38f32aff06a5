import MenudProtocol

/// Applying new readiness settings (a configuration reload), at once or in slices.
///
/// A reload re-reckons every file: its name against the new suffixes, its state and deadline
/// against the new settle and expiry times. At a million files that is most of a second, so the
/// daemon does it in slices (`beginSettings`, then `reckonSettings` until it is done) with
/// answers served in between. Meanwhile each file carries the generation of the settings it was
/// reckoned with (`FileRecord.settingsGeneration`) and is shown with those
/// (`ReadinessSettingsEpoch`): every answer shows each file as it stands at its clock, the
/// files re-reckoned so far with the new settings and the others with the old.
extension ReadinessTracker {
    /// True while a reload is being applied (`reckonSettings` has files left to reach).
    public var isReckoningSettings: Bool { settingsEpoch.previous != nil }

    /// Switches to `newSettings` and re-reckons every file at `clock.nowMs()`. Returns each
    /// file whose File object changed (state, `readyAtMs`, `expiresAtMs` or the suffix in its
    /// reason), sorted bytewise; each such file counts as a change. O(n log n).
    @discardableResult
    public func updateSettings(_ newSettings: ReadinessSettings) -> [RelativePath] {
        let wasReckoning = isReckoningSettings
        beginSettings(newSettings)
        var changed: [RelativePath] = []
        while isReckoningSettings { changed += reckonSettings(maxFiles: Int.max) }
        // A reload already under way was finished first: its changes come too.
        return wasReckoning ? Set(changed).sorted() : changed
    }

    /// Starts switching to `newSettings`: files changed from now on are reckoned with them at
    /// once, the others by `reckonSettings`. Settings that come while a reload is still being
    /// applied follow it (only the last of them). O(1).
    public func beginSettings(_ newSettings: ReadinessSettings) {
        if isReckoningSettings {
            queuedSettings = newSettings
            return
        }
        queuedSettings = nil
        guard newSettings != settings else { return }
        settingsEpoch = ReadinessSettingsEpoch(current: newSettings, previous: settings, generation: !settingsEpoch.generation)
        reckonedUpTo = nil
    }

    /// Re-reckons the next `maxFiles` files in path order with the current settings and returns
    /// those whose File object changed, sorted bytewise (each counts as a change). When fewer
    /// than `maxFiles` were left the reload is done (and queued settings begin). O(log n + k).
    public func reckonSettings(maxFiles: Int) -> [RelativePath] {
        guard isReckoningSettings else { return [] }
        let slots = slots(under: .root, after: reckonedUpTo, maxCount: maxFiles)
        if let last = slots.last {
            var key: [UInt8] = []
            table.appendPath(of: last, to: &key)
            reckonedUpTo = key
        }
        let now = clock.nowMs()
        let keep = listingsOfEarlierReloadsAreOpen
        var changed: [RelativePath] = []
        for slot in slots where table[slot].settingsGeneration != settingsEpoch.generation {
            if reckon(slot, nowMs: now, scheduledBefore: scheduledDeadline(slot), keepForEarlierListings: keep) {
                changed.append(table.path(of: slot))
            }
        }
        if slots.count < maxFiles {
            // Every file has the current settings; files added meanwhile had them from the start.
            settingsEpoch = ReadinessSettingsEpoch(current: settings, previous: nil, generation: settingsEpoch.generation)
            reckonedUpTo = nil
            if let queued = queuedSettings { beginSettings(queued) }
        }
        return changed
    }

    /// Re-reckons the file in `slot`, still of the previous generation, with the current
    /// settings at `nowMs`; `scheduledBefore` is the deadline of its live queue entry (nil:
    /// none). Returns true when what its File object shows changed (it is then stamped).
    ///
    /// Open listings keep the old version of a file whose File object changes. One that does not
    /// change is shown the same with either settings, so listings read it in place, except
    /// those opened during an earlier reload (`keepForEarlierListings`): they would take its new
    /// generation for that reload's old settings.
    func reckon(_ slot: Int, nowMs: Int64, scheduledBefore: Int64?, keepForEarlierListings: Bool) -> Bool {
        let epoch = settingsEpoch
        var record = table[slot]
        let old = epoch.settings(for: record)
        let new = epoch.current
        let suffixIndex = new.partialSuffixIndex(ofName: table.name(of: slot))
        let evaluation = new.evaluate(lastChangeMs: record.lastChangeMs, isPartial: suffixIndex != nil, nowMs: nowMs)
        let isChange = evaluation.state != record.state
            || suffixIndex.map { new.partialSuffixes[$0] } != record.partialSuffixIndex.map { old.partialSuffixes[$0] }
            || Self.visibleTimes(record.state, record.lastChangeMs, old) != Self.visibleTimes(evaluation.state, record.lastChangeMs, new)
        if isChange || suffixIndex != record.partialSuffixIndex || keepForEarlierListings { preserveForListings(slot) }
        record.partialSuffixIndex = suffixIndex
        record.settingsGeneration = epoch.generation
        table[slot] = record
        setState(slot, evaluation.state)
        if isChange { stamp(slot) }
        reschedule(slot, from: scheduledBefore)
        return isChange
    }

    /// A listing opened during an earlier reload than the one under way is still open.
    var listingsOfEarlierReloadsAreOpen: Bool {
        listings.values.contains { $0.settings.previous != nil && $0.settings != settingsEpoch }
    }

    /// The `readyAtMs` and `expiresAtMs` a File object shows.
    private static func visibleTimes(_ state: FileState, _ lastChangeMs: Int64, _ settings: ReadinessSettings) -> (Int64?, Int64?) {
        guard state != .pending else { return (nil, nil) }
        let readyAt = settings.readyAtMs(lastChangeMs: lastChangeMs)
        return (readyAt, settings.expiresAtMs(readyAtMs: readyAt))
    }
}
