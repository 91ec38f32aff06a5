import MenudProtocol

/// What the tracker knows about one file, as a plain value: 64 bytes and no reference. The
/// table stores it packed in 48 (`FileRecordPacked`), so 100,000 files cost 4.8 MB there and
/// nothing on the heap per file.
///
/// The path is not stored as such: `directory` names an interned directory prefix of the
/// `FileRecordTable` and `nameStart`/`nameCount` locate the last name in the table's shared name
/// bytes. The scheduled transition is not stored either: it follows from the state, the last
/// change and the settings (`ReadinessTracker.scheduledDeadline`).
struct FileRecord {
    var facts: FileFacts
    /// When the file last changed, as the readiness rules count it.
    var lastChangeMs: Int64
    /// The tracker's change counter at this file's last change.
    var changeCounter: UInt64
    /// The interned directory prefix (`FileRecord.vacant` marks a free slot).
    var directory: UInt32
    var nameStart: UInt32
    var nameCount: UInt32
    /// The state in the low 2 bits, `settingsGeneration` in the next, and above them 1 + the
    /// index in `settings.partialSuffixes` of the partial-download suffix the name ends with, or
    /// 0 for none.
    private var stateAndSuffix: UInt32

    static let vacant = UInt32.max

    init(facts: FileFacts, lastChangeMs: Int64, changeCounter: UInt64, state: FileState, partialSuffixIndex: Int?,
         settingsGeneration: Bool = false) {
        self.facts = facts
        self.lastChangeMs = lastChangeMs
        self.changeCounter = changeCounter
        directory = FileRecord.vacant
        nameStart = 0
        nameCount = 0
        stateAndSuffix = 0
        self.state = state
        self.partialSuffixIndex = partialSuffixIndex
        self.settingsGeneration = settingsGeneration
    }

    var isVacant: Bool { directory == FileRecord.vacant }

    var state: FileState {
        get {
            switch stateAndSuffix & 3 {
            case 0: .pending
            case 1: .ready
            default: .expired
            }
        }
        set {
            let code: UInt32 = switch newValue {
            case .pending: 0
            case .ready: 1
            case .expired: 2
            }
            stateAndSuffix = (stateAndSuffix & ~3) | code
        }
    }

    /// Which of the tracker's two latest settings the state, the suffix and the deadline were
    /// reckoned with: while a reload is applied in slices, files not reached yet keep the
    /// previous settings (`ReadinessSettingsEpoch`).
    var settingsGeneration: Bool {
        get { stateAndSuffix & 4 != 0 }
        set { stateAndSuffix = newValue ? stateAndSuffix | 4 : stateAndSuffix & ~4 }
    }

    /// The index in `settings.partialSuffixes` of the suffix the name ends with, if any.
    var partialSuffixIndex: Int? {
        get {
            let stored = stateAndSuffix >> 3
            return stored == 0 ? nil : Int(stored - 1)
        }
        set {
            // Configurations hold a handful of suffixes; 2^29 - 1 of them would not fit in memory.
            let stored = newValue.map { UInt32($0 + 1) } ?? 0
            stateAndSuffix = (stateAndSuffix & 7) | (stored << 3)
        }
    }
}
