/// The settings files are shown with at one moment: the current ones and, while a reload is
/// being applied in slices (`ReadinessTracker.beginSettings`), the previous ones for the files
/// not re-reckoned yet. A listing keeps the epoch of the moment it opened, so each file it
/// shows is shown with the settings its state was reckoned with.
///
/// A file's `partialSuffixIndex` in a `FileView` indexes `partialSuffixes`: the current
/// suffixes, then the previous ones (a file not reached yet may end with a suffix the new
/// settings dropped). Write views with a `FileObjectWriter` made from the same epoch.
///
/// Its fields live in one object, so that passing an epoch about (every `files.get` and every
/// listing takes the tracker's) retains one reference instead of copying two settings and
/// their arrays, and comparing it with the one a writer was made for is a pointer compare in
/// the usual case.
public struct ReadinessSettingsEpoch: Equatable, Sendable {
    private final class Fields: Sendable {
        let current: ReadinessSettings
        let previous: ReadinessSettings?
        let generation: Bool
        let partialSuffixes: [String]

        init(current: ReadinessSettings, previous: ReadinessSettings?, generation: Bool) {
            self.current = current
            self.previous = previous
            self.generation = generation
            partialSuffixes = current.partialSuffixes + (previous?.partialSuffixes ?? [])
        }
    }

    private let fields: Fields

    public var current: ReadinessSettings { fields.current }
    /// The settings of the files whose `settingsGeneration` is not `generation`; nil when
    /// every file has the current ones.
    public var previous: ReadinessSettings? { fields.previous }
    /// The generation of the files reckoned with `current`.
    var generation: Bool { fields.generation }
    /// The current suffixes followed by the previous ones.
    public var partialSuffixes: [String] { fields.partialSuffixes }

    /// Every file shown with `settings`.
    public init(_ settings: ReadinessSettings) {
        self.init(current: settings, previous: nil, generation: false)
    }

    init(current: ReadinessSettings, previous: ReadinessSettings?, generation: Bool) {
        fields = Fields(current: current, previous: previous, generation: generation)
    }

    public static func == (lhs: ReadinessSettingsEpoch, rhs: ReadinessSettingsEpoch) -> Bool {
        lhs.fields === rhs.fields
            || lhs.generation == rhs.generation && lhs.current == rhs.current && lhs.previous == rhs.previous
    }

    /// The settings `record` was reckoned with. A record of the other generation while no
    /// reload is under way was reckoned with settings that show it exactly as the current ones
    /// do (a reload re-reckons a file without keeping its old version only when nothing it
    /// shows changes).
    func settings(for record: FileRecord) -> ReadinessSettings {
        guard record.settingsGeneration != fields.generation, let previous = fields.previous else { return fields.current }
        return previous
    }

    /// The index in `partialSuffixes` of the suffix `record`'s name ends with.
    func suffixIndex(for record: FileRecord) -> Int? {
        guard let index = record.partialSuffixIndex else { return nil }
        guard record.settingsGeneration != fields.generation, fields.previous != nil else { return index }
        return fields.current.partialSuffixes.count + index
    }
}
