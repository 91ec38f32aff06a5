import MenudProtocol

/// The state rules of the protocol, as pure functions of the last change time and the clock.
///
/// - A file named with a partial suffix is pending, with no deadline.
/// - Otherwise it is pending until `readyAt = lastChange + settle`, ready from `readyAt` on
///   (a transition happens at the deadline's millisecond, not after it), and, when an expiry is
///   set, expired from `expiresAt = readyAt + expireAfter` on.
extension ReadinessSettings {
    /// The configured suffix the last name of `name` ends with, if any.
    public func partialSuffix(ofName name: some Collection<UInt8>) -> String? {
        partialSuffixIndex(ofName: name).map { partialSuffixes[$0] }
    }

    /// The index in `partialSuffixes` of the first suffix the last name of `name` ends with.
    func partialSuffixIndex(ofName name: some Collection<UInt8>) -> Int? {
        for (index, suffix) in partialSuffixes.enumerated() {
            let suffixBytes = suffix.utf8
            guard !suffixBytes.isEmpty, name.count >= suffixBytes.count else { continue }
            let tail = name.suffix(suffixBytes.count)
            if zip(tail, suffixBytes).allSatisfy({ ReadinessSettings.lowercased($0) == ReadinessSettings.lowercased($1) }) {
                return index
            }
        }
        return nil
    }

    /// When a file last changed at `lastChangeMs` becomes (or became) ready.
    public func readyAtMs(lastChangeMs: Int64) -> Int64 {
        ReadinessSettings.saturatingSum(lastChangeMs, settleMs)
    }

    /// When a file that became ready at `readyAtMs` expires, if expiry is configured.
    public func expiresAtMs(readyAtMs: Int64) -> Int64? {
        expireAfterMs.map { ReadinessSettings.saturatingSum(readyAtMs, $0) }
    }

    /// The state at `nowMs` and the time of the next transition, if there will be one.
    public func evaluate(lastChangeMs: Int64, partialSuffix: String?, nowMs: Int64) -> (state: FileState, nextTransitionMs: Int64?) {
        evaluate(lastChangeMs: lastChangeMs, isPartial: partialSuffix != nil, nowMs: nowMs)
    }

    func evaluate(lastChangeMs: Int64, isPartial: Bool, nowMs: Int64) -> (state: FileState, nextTransitionMs: Int64?) {
        if isPartial { return (.pending, nil) }
        let readyAt = readyAtMs(lastChangeMs: lastChangeMs)
        if nowMs < readyAt { return (.pending, readyAt) }
        guard let expiresAt = expiresAtMs(readyAtMs: readyAt) else { return (.ready, nil) }
        if nowMs < expiresAt { return (.ready, expiresAt) }
        return (.expired, nil)
    }

    /// The transition that follows `state` (the `nextTransitionMs` that `evaluate` gave along
    /// with that state), so it need not be stored.
    func nextTransitionMs(after state: FileState, lastChangeMs: Int64, isPartial: Bool) -> Int64? {
        if isPartial { return nil }
        switch state {
        case .pending: return readyAtMs(lastChangeMs: lastChangeMs)
        case .ready: return expiresAtMs(readyAtMs: readyAtMs(lastChangeMs: lastChangeMs))
        case .expired: return nil
        }
    }

    static func saturatingSum(_ lhs: Int64, _ rhs: Int64) -> Int64 {
        let (sum, overflow) = lhs.addingReportingOverflow(rhs)
        if overflow { return rhs > 0 ? .max : .min }
        return sum
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
