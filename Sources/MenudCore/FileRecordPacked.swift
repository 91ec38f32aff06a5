import MenudProtocol

/// How `FileRecordStorage` keeps a `FileRecord`: 48 bytes instead of 64.
///
/// Times in milliseconds, sizes and the change counter fit in 48 bits for any file a person
/// makes (a size up to 128 TiB, a time within 4,000 years of 1970, 2.8 * 10^14 changes), the
/// name's length in 8 bits (NAME_MAX is 255) and the partial-suffix index in 4. A record that
/// does not fit (a sparse file of exabytes, a time stamp from the year 30,000) is still kept
/// exactly: its `isOverflow` bit sends readers to `FileRecordStorage.overflow`, which holds the
/// whole record. The directory, the name's start, the state and the settings generation are always exact here.
///
/// Layout, six words:
/// - `size` 48 | `nameCount` 8 | flags 8 (state 2, overflow 1, partial suffix index + 1 in 4, settings generation 1);
/// - `mtimeMs` 48 | `directory` low 16;  `ctimeMs` 48 | `directory` high 16;
/// - `lastChangeMs` 48 | `nameStart` low 16;  `changeCounter` 48 | `nameStart` high 16;
/// - `inode` 64.
struct FileRecordPacked {
    private var sizeWord: UInt64
    private var mtimeWord: UInt64
    private var ctimeWord: UInt64
    private var lastChangeWord: UInt64
    private var counterWord: UInt64
    private var inode: UInt64

    private static let low48: UInt64 = (1 << 48) - 1
    private static let overflowFlag: UInt64 = 1 << 58
    private static let generationFlag: UInt64 = 1 << 63
    /// Suffix index + 1 in 4 bits: indexes 0 through 14.
    private static let largestPackedSuffix = 14

    /// A vacant slot: no path, `directory == FileRecord.vacant`.
    static let vacant = FileRecordPacked(directory: FileRecord.vacant)

    private init(directory: UInt32) {
        sizeWord = 0
        mtimeWord = 0
        ctimeWord = 0
        lastChangeWord = 0
        counterWord = 0
        inode = 0
        self.directory = directory
    }

    /// Packs `record`; when a field does not fit, `isOverflow` is set and only the directory,
    /// the name's start and the state are kept here.
    init(_ record: FileRecord) {
        let suffix = record.partialSuffixIndex
        let fits = FileRecordPacked.fits48(record.facts.size) && FileRecordPacked.fits48(record.facts.mtimeMs)
            && FileRecordPacked.fits48(record.facts.ctimeMs) && FileRecordPacked.fits48(record.lastChangeMs)
            && record.changeCounter <= FileRecordPacked.low48 && record.nameCount <= 255
            && (suffix ?? 0) <= FileRecordPacked.largestPackedSuffix
        let stateCode: UInt64 = switch record.state {
        case .pending: 0
        case .ready: 1
        case .expired: 2
        }
        var flags = stateCode | (record.settingsGeneration ? FileRecordPacked.generationFlag >> 56 : 0)
        if fits {
            flags |= UInt64(suffix.map { $0 + 1 } ?? 0) << 3
            sizeWord = UInt64(bitPattern: record.facts.size) & FileRecordPacked.low48
                | UInt64(record.nameCount) << 48 | flags << 56
            mtimeWord = UInt64(bitPattern: record.facts.mtimeMs) & FileRecordPacked.low48
            ctimeWord = UInt64(bitPattern: record.facts.ctimeMs) & FileRecordPacked.low48
            lastChangeWord = UInt64(bitPattern: record.lastChangeMs) & FileRecordPacked.low48
            counterWord = record.changeCounter
            inode = record.facts.inode
        } else {
            sizeWord = (flags << 56) | FileRecordPacked.overflowFlag
            mtimeWord = 0
            ctimeWord = 0
            lastChangeWord = 0
            counterWord = 0
            inode = 0
        }
        directory = record.directory
        nameStart = record.nameStart
    }

    /// The record, when it is not an overflow (`isOverflow`).
    var unpacked: FileRecord {
        var record = FileRecord(
            facts: FileFacts(size: FileRecordPacked.signed48(sizeWord), mtimeMs: FileRecordPacked.signed48(mtimeWord),
                             inode: inode, ctimeMs: FileRecordPacked.signed48(ctimeWord)),
            lastChangeMs: FileRecordPacked.signed48(lastChangeWord), changeCounter: counterWord & FileRecordPacked.low48,
            state: state, partialSuffixIndex: nil)
        let suffix = Int((sizeWord >> 59) & 15)
        if suffix != 0 { record.partialSuffixIndex = suffix - 1 }
        record.settingsGeneration = sizeWord & FileRecordPacked.generationFlag != 0
        record.directory = directory
        record.nameStart = nameStart
        record.nameCount = UInt32((sizeWord >> 48) & 0xFF)
        return record
    }

    var isOverflow: Bool { sizeWord & FileRecordPacked.overflowFlag != 0 }
    var isVacant: Bool { directory == FileRecord.vacant }

    var state: FileState {
        switch (sizeWord >> 56) & 3 {
        case 0: .pending
        case 1: .ready
        default: .expired
        }
    }

    /// Exact unless `isOverflow`.
    var nameCount: Int { Int((sizeWord >> 48) & 0xFF) }
    /// Exact unless `isOverflow`.
    var changeCounter: UInt64 { counterWord & FileRecordPacked.low48 }

    var directory: UInt32 {
        get { UInt32(truncatingIfNeeded: mtimeWord >> 48) | UInt32(truncatingIfNeeded: ctimeWord >> 48) << 16 }
        set {
            mtimeWord = mtimeWord & FileRecordPacked.low48 | UInt64(newValue & 0xFFFF) << 48
            ctimeWord = ctimeWord & FileRecordPacked.low48 | UInt64(newValue >> 16) << 48
        }
    }

    var nameStart: UInt32 {
        get { UInt32(truncatingIfNeeded: lastChangeWord >> 48) | UInt32(truncatingIfNeeded: counterWord >> 48) << 16 }
        set {
            lastChangeWord = lastChangeWord & FileRecordPacked.low48 | UInt64(newValue & 0xFFFF) << 48
            counterWord = counterWord & FileRecordPacked.low48 | UInt64(newValue >> 16) << 48
        }
    }

    private static func fits48(_ value: Int64) -> Bool {
        value >= -(1 << 47) && value < (1 << 47)
    }

    private static func signed48(_ word: UInt64) -> Int64 {
        Int64(bitPattern: word << 16) >> 16
    }
}
