import MenudJSON
import MenudProtocol

/// The flat arrays behind `FileRecordTable`: the records, the names and the directory prefixes.
///
/// A record's path is `prefix(record.directory) + nameBytes(slot)`. Prefix `id` is
/// `prefixBytes[prefixStarts[id] ..< prefixStarts[id] + prefixLengths[id]]`; id 0 is the empty
/// prefix of top-level names. Records are kept packed (`FileRecordPacked`, 48 bytes, in chunks);
/// the rare one that does not fit lives whole in `overflow`. Removed names and prefixes stay as
/// garbage until `compactNames()` or `compactPrefixes()` rewrites the arrays, once they make up
/// half of them. Hashing and comparing work in place, without building the path.
struct FileRecordStorage {
    var packed = ChunkedArray<FileRecordPacked>()
    /// Records that do not fit `FileRecordPacked`, by slot.
    var overflow: [UInt32: FileRecord] = [:]
    var names: [UInt8] = []
    var removedNameBytes = 0

    var prefixBytes: [UInt8] = []
    var prefixStarts: [UInt32] = [0]
    var prefixLengths: [UInt32] = [0]
    /// Files per prefix; a prefix without files is released (the empty prefix, id 0, never).
    var prefixFileCounts: [UInt32] = [0]
    var removedPrefixBytes = 0

    var slotCount: Int { packed.count }

    // MARK: - Records

    func record(_ slot: Int) -> FileRecord {
        let stored = packed[slot]
        return stored.isOverflow ? overflow[UInt32(slot)]! : stored.unpacked
    }

    mutating func setRecord(_ record: FileRecord, _ slot: Int) {
        let wasOverflow = packed[slot].isOverflow
        let stored = FileRecordPacked(record)
        packed[slot] = stored
        if stored.isOverflow {
            overflow[UInt32(slot)] = record
        } else if wasOverflow {
            overflow[UInt32(slot)] = nil
        }
    }

    /// Stores `record` in a new slot at the end.
    mutating func appendRecord(_ record: FileRecord) -> Int {
        packed.append(.vacant)
        setRecord(record, packed.count - 1)
        return packed.count - 1
    }

    func isOccupied(_ slot: Int) -> Bool {
        slot < packed.count && !packed[slot].isVacant
    }

    func state(_ slot: Int) -> FileState { packed[slot].state }

    func changeCounter(_ slot: Int) -> UInt64 {
        let stored = packed[slot]
        return stored.isOverflow ? overflow[UInt32(slot)]!.changeCounter : stored.changeCounter
    }

    func directory(_ slot: Int) -> Int { Int(packed[slot].directory) }

    /// Where the name of `slot` lies in `names`.
    func nameRange(_ slot: Int) -> Range<Int> {
        let stored = packed[slot]
        let start = Int(stored.nameStart)
        let count = stored.isOverflow ? Int(overflow[UInt32(slot)]!.nameCount) : stored.nameCount
        return start..<(start + count)
    }

    // MARK: - Hashing and comparing

    static func hash(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var hasher = FileRecordHasher()
        hasher.feed(bytes, from: start, to: end)
        return hasher.finalize()
    }

    /// The hash of the whole path in `slot`, as `hash(_:from:to:)` gives for its bytes.
    func hash(ofSlot slot: Int) -> Int {
        let directory = self.directory(slot)
        let prefixStart = Int(prefixStarts[directory])
        let name = nameRange(slot)
        var hasher = FileRecordHasher()
        hasher.feed(prefixBytes, from: prefixStart, to: prefixStart + Int(prefixLengths[directory]))
        hasher.feed(names, from: name.lowerBound, to: name.upperBound)
        return hasher.finalize()
    }

    func hash(ofPrefix id: Int) -> Int {
        let start = Int(prefixStarts[id])
        return FileRecordStorage.hash(prefixBytes, from: start, to: start + Int(prefixLengths[id]))
    }

    /// True when the path in `slot` is `bytes`.
    func pathEquals(slot: Int, _ bytes: [UInt8]) -> Bool {
        let directory = self.directory(slot)
        let prefixLength = Int(prefixLengths[directory])
        let name = nameRange(slot)
        guard prefixLength + name.count == bytes.count else { return false }
        // The names first: within a directory, only they differ.
        return ByteScan.equal(names, at: name.lowerBound, bytes, at: prefixLength, count: name.count)
            && prefixEquals(directory, bytes, length: prefixLength)
    }

    /// True when prefix `id` is `bytes[0..<length]`.
    func prefixEquals(_ id: Int, _ bytes: [UInt8], length: Int) -> Bool {
        guard Int(prefixLengths[id]) == length else { return false }
        return ByteScan.equal(prefixBytes, at: Int(prefixStarts[id]), bytes, at: 0, count: length)
    }

    func nameBytes(_ slot: Int) -> ArraySlice<UInt8> {
        names[nameRange(slot)]
    }

    func prefix(_ directory: Int) -> ArraySlice<UInt8> {
        let start = Int(prefixStarts[directory])
        return prefixBytes[start..<(start + Int(prefixLengths[directory]))]
    }

    // MARK: - Names and prefixes

    /// Appends a name to `names` and returns where it starts.
    mutating func storeName(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        names.reserveModestly(bytes.count)
        let start = UInt32(names.count)
        names.append(contentsOf: bytes)
        return start
    }

    /// Stores `bytes[0..<length]` as prefix `id` (a new id when `id` is `prefixStarts.count`).
    mutating func storePrefix(_ bytes: [UInt8], length: Int, as id: Int) {
        if id == prefixStarts.count {
            prefixStarts.append(0)
            prefixLengths.append(0)
            prefixFileCounts.append(0)
        }
        prefixStarts[id] = UInt32(prefixBytes.count)
        prefixLengths[id] = UInt32(length)
        prefixBytes.reserveModestly(length)
        prefixBytes.append(contentsOf: bytes[0..<length])
    }

    /// Forgets the bytes of prefix `id`, which has no files left.
    mutating func dropPrefix(_ id: Int) {
        removedPrefixBytes += Int(prefixLengths[id])
        prefixLengths[id] = 0
        if removedPrefixBytes >= 256 && removedPrefixBytes * 2 >= prefixBytes.count {
            compactPrefixes()
        }
    }

    /// Forgets the record and name of `slot` and marks it vacant.
    mutating func vacate(_ slot: Int) {
        removedNameBytes += nameRange(slot).count
        if packed[slot].isOverflow { overflow[UInt32(slot)] = nil }
        packed[slot] = .vacant
        if removedNameBytes >= 65_536 && removedNameBytes * 2 >= names.count {
            compactNames()
        }
    }

    /// Rewrites `names` with the names of occupied slots only, keeping its capacity for the
    /// names to come (so churn does not reallocate it, and its size settles).
    private mutating func compactNames() {
        var compacted: [UInt8] = []
        compacted.reserveCapacity(names.capacity)
        for slot in 0..<packed.count where !packed[slot].isVacant {
            let range = nameRange(slot)
            let start = UInt32(compacted.count)
            compacted.append(contentsOf: names[range])
            packed[slot].nameStart = start
            if packed[slot].isOverflow { overflow[UInt32(slot)]!.nameStart = start }
        }
        names = compacted
        removedNameBytes = 0
    }

    /// Rewrites `prefixBytes` with the prefixes in use only, keeping its capacity.
    private mutating func compactPrefixes() {
        var compacted: [UInt8] = []
        compacted.reserveCapacity(prefixBytes.capacity)
        for id in prefixStarts.indices {
            let start = Int(prefixStarts[id])
            prefixStarts[id] = UInt32(compacted.count)
            compacted.append(contentsOf: prefixBytes[start..<(start + Int(prefixLengths[id]))])
        }
        prefixBytes = compacted
        removedPrefixBytes = 0
    }

    /// Bytes held, by part.
    var allocatedBytes: (records: Int, names: Int, prefixes: Int) {
        let records = packed.allocatedBytes + overflow.capacity * (MemoryLayout<UInt32>.stride + MemoryLayout<FileRecord>.stride)
        let prefixes = prefixBytes.allocatedBytes + prefixStarts.allocatedBytes + prefixLengths.allocatedBytes
            + prefixFileCounts.allocatedBytes
        return (records, names.allocatedBytes, prefixes)
    }
}
