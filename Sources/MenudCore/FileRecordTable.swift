import MenudProtocol

/// The tracker's files in compact form, with no heap object per file.
///
/// - Storage (`FileRecordStorage`): one `FileRecord` per slot, packed in 48 bytes (a vacant
///   slot has `directory == vacant`); a path is split after its last `/` into a directory prefix
///   (including that `/`; empty for a top-level name) and a name; each prefix in use is stored
///   once and each name once, in flat byte arrays, so a file costs its name's bytes. The bytes
///   are kept exactly: any byte string splits and joins back.
/// - Lookup: `slots` indexes slots by the hash of the whole path (`FileRecordHasher`), compared
///   in place, so looking a path up allocates nothing. `prefixIndex` does the same for prefixes.
///
/// Slots are chosen by the caller (`insert(_:path:into:)`), which decides when a vacant slot may
/// be reused. Costs: lookup, insert and remove O(path length) expected; an index that grows
/// moves its entries over the inserts that follow (`FileRecordIndex`); removed names and prefixes are compacted away once they make up half
/// of their storage.
struct FileRecordTable {
    private(set) var storage = FileRecordStorage()
    private var slots = FileRecordIndex()
    /// Every prefix in use but the empty one.
    private var prefixIndex = FileRecordIndex()
    private var freePrefixIds: [Int] = []
    /// The prefix most recently interned: files arrive directory by directory.
    private var recentPrefixId = 0

    init() {}

    /// Occupied slots.
    var count: Int { slots.count }

    /// Directory prefixes in use, besides the empty one.
    var directoryCount: Int { prefixIndex.count }

    var slotCount: Int { storage.slotCount }

    subscript(slot: Int) -> FileRecord {
        get { storage.record(slot) }
        set { storage.setRecord(newValue, slot) }
    }

    func state(_ slot: Int) -> FileState { storage.state(slot) }

    func changeCounter(_ slot: Int) -> UInt64 { storage.changeCounter(slot) }

    /// The interned directory prefix of `slot`.
    func directory(_ slot: Int) -> Int { storage.directory(slot) }

    func isOccupied(_ slot: Int) -> Bool {
        storage.isOccupied(slot)
    }

    /// The slot holding `path`, if it is in the table.
    func slot(of path: RelativePath) -> Int? {
        slot(ofBytes: path.bytes)
    }

    /// The slot holding the path with these bytes, if it is in the table.
    func slot(ofBytes bytes: [UInt8]) -> Int? {
        slots.find(hash: FileRecordStorage.hash(bytes, from: 0, to: bytes.count)) { storage.pathEquals(slot: $0, bytes) }.id
    }

    /// Calls `body` with the bytes of every directory prefix that holds files (the empty one
    /// for top-level files included), in no particular order. O(directories ever in use).
    func forEachDirectoryPrefix(_ body: (ArraySlice<UInt8>) -> Void) {
        for id in storage.prefixFileCounts.indices where storage.prefixFileCounts[id] > 0 {
            body(storage.prefix(id))
        }
    }

    /// Bytes held, by part: records, names, directory prefixes, and the two hash indexes.
    var allocatedBytes: (records: Int, names: Int, prefixes: Int, pathIndex: Int) {
        let parts = storage.allocatedBytes
        return (parts.records, parts.names,
                parts.prefixes + prefixIndex.allocatedBytes + freePrefixIds.allocatedBytes, slots.allocatedBytes)
    }

    /// Where a path is, or where it would go: what `lookUp` found, for `insert(_:path:at:into:)`.
    struct Lookup {
        let slot: Int?
        let hash: Int
        let bucket: Int
    }

    /// Finds `path`, first making room for one more path, so that an insert can use the same
    /// probe (valid until the table changes).
    mutating func lookUp(_ path: RelativePath) -> Lookup {
        slots.makeRoom(ids: storage.slotCount, isStored: { storage.isOccupied($0) }) { storage.hash(ofSlot: $0) }
        let bytes = path.bytes
        let hash = FileRecordStorage.hash(bytes, from: 0, to: bytes.count)
        let found = slots.find(hash: hash) { storage.pathEquals(slot: $0, bytes) }
        return Lookup(slot: found.id, hash: hash, bucket: found.bucket)
    }

    /// Stores `record` under `path`, which must not be in the table, in the vacant slot `reused`
    /// or in a new slot at the end. Returns the slot.
    mutating func insert(_ record: FileRecord, path: RelativePath, into reused: Int?) -> Int {
        insert(record, path: path, at: lookUp(path), into: reused)
    }

    /// `insert(_:path:into:)` with the `lookUp` of `path` just made.
    mutating func insert(_ record: FileRecord, path: RelativePath, at lookup: Lookup, into reused: Int?) -> Int {
        let bytes = path.bytes
        precondition(lookup.slot == nil, "\(path) is already in the table")
        let nameStart = bytes.lastIndex(of: RelativePath.separator).map { $0 + 1 } ?? 0
        var stored = record
        stored.directory = UInt32(internPrefix(bytes, length: nameStart))
        stored.nameStart = storage.storeName(bytes[nameStart...])
        stored.nameCount = UInt32(bytes.count - nameStart)
        let slot: Int
        if let reused {
            precondition(!storage.isOccupied(reused), "slot \(reused) is in use")
            slot = reused
            storage.setRecord(stored, slot)
        } else {
            slot = storage.appendRecord(stored)
        }
        slots.insert(slot, hash: lookup.hash, at: lookup.bucket)
        return slot
    }

    /// Empties `slot`, which must be occupied.
    mutating func remove(slot: Int) {
        precondition(storage.isOccupied(slot), "slot \(slot) is vacant")
        slots.remove(slot, hash: storage.hash(ofSlot: slot)) { storage.hash(ofSlot: $0) }
        releasePrefix(storage.directory(slot))
        storage.vacate(slot)
    }

    // MARK: - Prefixes

    /// The id of the prefix `bytes[0..<length]`, stored if new, with one more file.
    private mutating func internPrefix(_ bytes: [UInt8], length: Int) -> Int {
        var id = 0
        if length == 0 {
            id = 0
        } else if storage.prefixEquals(recentPrefixId, bytes, length: length) {
            id = recentPrefixId
        } else {
            prefixIndex.makeRoom(ids: storage.prefixStarts.count, isStored: { $0 != 0 && storage.prefixFileCounts[$0] > 0 }) {
                storage.hash(ofPrefix: $0)
            }
            let hash = FileRecordStorage.hash(bytes, from: 0, to: length)
            let found = prefixIndex.find(hash: hash) { storage.prefixEquals($0, bytes, length: length) }
            if let existing = found.id {
                id = existing
            } else {
                id = freePrefixIds.popLast() ?? storage.prefixStarts.count
                storage.storePrefix(bytes, length: length, as: id)
                prefixIndex.insert(id, hash: hash, at: found.bucket)
            }
        }
        storage.prefixFileCounts[id] += 1
        recentPrefixId = id
        return id
    }

    private mutating func releasePrefix(_ id: Int) {
        storage.prefixFileCounts[id] -= 1
        guard id != 0, storage.prefixFileCounts[id] == 0 else { return }
        prefixIndex.remove(id, hash: storage.hash(ofPrefix: id)) { storage.hash(ofPrefix: $0) }
        storage.dropPrefix(id)
        freePrefixIds.append(id)
    }
}
