/// The settings files are shown with at one moment: the current ones and, while a reload is
/// being applied in slices (`ReadinessTracker.beginSettings`), the previous ones for the files
/// not re-reckoned yet. A listing keeps the epoch of the moment it opened, so each file it
/// shows is shown with the settings its state was reckoned with.
///
/// A file's `partialSuffixIndex` in a `FileView` indexes `partialSuffixes`: the current
/// suffixes, then the previous ones (a file not reached yet may end with a suffix the new
/// settings dropped). Write views with a `FileObjectWriter` made from the same epoch.
public struct ReadinessSettingsEpoch: Equatable, Sendable {
    public let current: ReadinessSettings
    /// The settings of the files whose `settingsGeneration` is not `generation`; nil when
    /// every file has the current ones.
    public let previous: ReadinessSettings?
    /// The generation of the files reckoned with `current`.
    let generation: Bool
    /// The current suffixes followed by the previous ones.
    public let partialSuffixes: [String]

    /// Every file shown with `settings`.
    public init(_ settings: ReadinessSettings) {
        self.init(current: settings, previous: nil, generation: false)
    }

    init(current: ReadinessSettings, previous: ReadinessSettings?, generation: Bool) {
        self.current = current
        self.previous = previous
        self.generation = generation
        partialSuffixes = current.partialSuffixes + (previous?.partialSuffixes ?? [])
    }

    /// The settings `record` was reckoned with. A record of the other generation while no
    /// reload is under way was reckoned with settings that show it exactly as the current ones
    /// do (a reload re-reckons a file without keeping its old version only when nothing it
    /// shows changes).
    func settings(for record: FileRecord) -> ReadinessSettings {
        guard record.settingsGeneration != generation, let previous else { return current }
        return previous
    }

    /// The index in `partialSuffixes` of the suffix `record`'s name ends with.
    func suffixIndex(for record: FileRecord) -> Int? {
        guard let index = record.partialSuffixIndex else { return nil }
        guard record.settingsGeneration != generation, previous != nil else { return index }
        return current.partialSuffixes.count + index
    }
}
