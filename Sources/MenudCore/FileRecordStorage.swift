/// The flat arrays behind `FileRecordTable`: the records, the names and the directory prefixes.
///
/// A record's path is `prefix(record.directory) + nameBytes(record)`. Prefix `id` is
/// `prefixBytes[prefixStarts[id] ..< prefixStarts[id] + prefixLengths[id]]`; id 0 is the empty
/// prefix of top-level names. Removed names and prefixes stay as garbage until `compactNames()`
/// or `compactPrefixes()` rewrites the arrays. Hashing and comparing work in place, without
/// building the path.
struct FileRecordStorage {
    var records: [FileRecord] = []
    var names: [UInt8] = []
    var removedNameBytes = 0

    var prefixBytes: [UInt8] = []
    var prefixStarts: [UInt32] = [0]
    var prefixLengths: [UInt32] = [0]
    /// Files per prefix; a prefix without files is released (the empty prefix, id 0, never).
    var prefixFileCounts: [UInt32] = [0]
    var removedPrefixBytes = 0

    static func hash(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var hasher = FileRecordHasher()
        hasher.feed(bytes, from: start, to: end)
        return hasher.finalize()
    }

    /// The hash of the whole path in `slot`, as `hash(_:from:to:)` gives for its bytes.
    func hash(ofSlot slot: Int) -> Int {
        let record = records[slot]
        let directory = Int(record.directory)
        let prefixStart = Int(prefixStarts[directory])
        let nameStart = Int(record.nameStart)
        var hasher = FileRecordHasher()
        hasher.feed(prefixBytes, from: prefixStart, to: prefixStart + Int(prefixLengths[directory]))
        hasher.feed(names, from: nameStart, to: nameStart + Int(record.nameCount))
        return hasher.finalize()
    }

    func hash(ofPrefix id: Int) -> Int {
        let start = Int(prefixStarts[id])
        return FileRecordStorage.hash(prefixBytes, from: start, to: start + Int(prefixLengths[id]))
    }

    func isOccupied(_ slot: Int) -> Bool {
        slot < records.count && !records[slot].isVacant
    }

    /// True when the path in `slot` is `bytes`.
    func pathEquals(slot: Int, _ bytes: [UInt8]) -> Bool {
        let record = records[slot]
        let prefixLength = Int(prefixLengths[Int(record.directory)])
        let nameCount = Int(record.nameCount)
        guard prefixLength + nameCount == bytes.count else { return false }
        // The names first: within a directory, only they differ.
        let nameStart = Int(record.nameStart)
        var index = 0
        while index < nameCount {
            if names[nameStart + index] != bytes[prefixLength + index] { return false }
            index += 1
        }
        return prefixEquals(Int(record.directory), bytes, length: prefixLength)
    }

    /// True when prefix `id` is `bytes[0..<length]`.
    func prefixEquals(_ id: Int, _ bytes: [UInt8], length: Int) -> Bool {
        guard Int(prefixLengths[id]) == length else { return false }
        let start = Int(prefixStarts[id])
        var index = 0
        while index < length {
            if prefixBytes[start + index] != bytes[index] { return false }
            index += 1
        }
        return true
    }

    func nameBytes(_ record: FileRecord) -> ArraySlice<UInt8> {
        let start = Int(record.nameStart)
        return names[start..<(start + Int(record.nameCount))]
    }

    func prefix(_ directory: UInt32) -> ArraySlice<UInt8> {
        let start = Int(prefixStarts[Int(directory)])
        return prefixBytes[start..<(start + Int(prefixLengths[Int(directory)]))]
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
        prefixBytes.append(contentsOf: bytes[0..<length])
    }

    /// Forgets the bytes of prefix `id`, which has no files left.
    mutating func dropPrefix(_ id: Int) {
        removedPrefixBytes += Int(prefixLengths[id])
        prefixLengths[id] = 0
        if removedPrefixBytes >= 4096 && removedPrefixBytes * 2 >= prefixBytes.count {
            compactPrefixes()
        }
    }

    /// Forgets the name of `slot` and marks it vacant.
    mutating func vacate(_ slot: Int) {
        removedNameBytes += Int(records[slot].nameCount)
        records[slot].directory = FileRecord.vacant
        records[slot].nameCount = 0
        if removedNameBytes >= 65_536 && removedNameBytes * 2 >= names.count {
            compactNames()
        }
    }

    /// Rewrites `names` with the names of occupied slots only.
    private mutating func compactNames() {
        var compacted: [UInt8] = []
        compacted.reserveCapacity(names.count - removedNameBytes)
        for slot in records.indices where !records[slot].isVacant {
            let start = Int(records[slot].nameStart)
            records[slot].nameStart = UInt32(compacted.count)
            compacted.append(contentsOf: names[start..<(start + Int(records[slot].nameCount))])
        }
        names = compacted
        removedNameBytes = 0
    }

    /// Rewrites `prefixBytes` with the prefixes in use only.
    private mutating func compactPrefixes() {
        var compacted: [UInt8] = []
        compacted.reserveCapacity(prefixBytes.count - removedPrefixBytes)
        for id in prefixStarts.indices {
            let start = Int(prefixStarts[id])
            prefixStarts[id] = UInt32(compacted.count)
            compacted.append(contentsOf: prefixBytes[start..<(start + Int(prefixLengths[id]))])
        }
        prefixBytes = compacted
        removedPrefixBytes = 0
    }
}
