/// A hash index of small integer ids (slots, directory prefix ids) that keeps no keys itself:
/// the caller hashes and compares through its own storage, so an entry costs 4 bytes.
///
/// Open addressing with linear probing over `buckets`, at most 3/4 full, so from 1.33 to 2.67
/// buckets per entry. A bucket holds id + 1 in its low 27 bits (0 for empty) and 5 bits of the
/// hash above them, so a probe compares a stored key (a record read, usually a cache miss)
/// for one bucket in 32 that is not the one sought. Removal shifts the following entries of
/// the run back (no tombstones). The caller passes the hash of what it looks for, and, where
/// entries move, a way to get the hash of a stored id.
struct FileRecordIndex {
    private(set) var buckets: [UInt32]
    private(set) var count = 0

    static let idBits = 27
    /// The largest id an index can hold (134 million files).
    static let largestId = (1 << idBits) - 2
    private static let idMask: UInt32 = (1 << idBits) - 1

    init() {
        buckets = Array(repeating: 0, count: 16)
    }

    private static func tag(_ hash: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: UInt(bitPattern: hash) >> (UInt.bitWidth - 5)) << idBits
    }

    private static func entry(_ id: Int, hash: Int) -> UInt32 {
        precondition(id <= largestId, "more than \(largestId + 1) entries: the index cannot hold id \(id)")
        return UInt32(id + 1) | tag(hash)
    }

    private static func id(ofEntry entry: UInt32) -> Int { Int(entry & idMask) - 1 }

    /// The stored id among those with `hash` for which `matches` is true, or nil; either way
    /// the bucket where the probe stopped (where a new entry for `hash` goes).
    func find(hash: Int, matches: (Int) -> Bool) -> (id: Int?, bucket: Int) {
        let mask = buckets.count - 1
        let tag = FileRecordIndex.tag(hash)
        var bucket = hash & mask
        while true {
            let entry = buckets[bucket]
            if entry == 0 { return (nil, bucket) }
            if entry & ~FileRecordIndex.idMask == tag, matches(FileRecordIndex.id(ofEntry: entry)) {
                return (FileRecordIndex.id(ofEntry: entry), bucket)
            }
            bucket = (bucket + 1) & mask
        }
    }

    /// True when one more entry would make the index more than 3/4 full: call `grow` first.
    var isFull: Bool { (count + 1) * 4 > buckets.count * 3 }

    /// Adds `id`, whose hash is `hash`, at `bucket`, an empty bucket that `find` gave for it.
    mutating func insert(_ id: Int, hash: Int, at bucket: Int) {
        precondition(buckets[bucket] == 0, "bucket \(bucket) is taken")
        buckets[bucket] = FileRecordIndex.entry(id, hash: hash)
        count += 1
    }

    /// Removes `id`, whose hash is `hash`; `hashOf` gives the hash of any other stored id.
    mutating func remove(_ id: Int, hash: Int, hashOf: (Int) -> Int) {
        let mask = buckets.count - 1
        let wanted = FileRecordIndex.entry(id, hash: hash)
        var hole = hash & mask
        while buckets[hole] != wanted {
            precondition(buckets[hole] != 0, "id \(id) is not in the index")
            hole = (hole + 1) & mask
        }
        // Move back every later entry of the run whose home bucket does not lie cyclically in
        // (hole, current]: otherwise a probe for it would stop at the hole.
        var current = hole
        while true {
            current = (current + 1) & mask
            let entry = buckets[current]
            if entry == 0 { break }
            let home = hashOf(FileRecordIndex.id(ofEntry: entry)) & mask
            let reachable = hole <= current ? (hole < home && home <= current) : (hole < home || home <= current)
            if !reachable {
                buckets[hole] = entry
                hole = current
            }
        }
        buckets[hole] = 0
        count -= 1
    }

    /// Doubles the buckets and re-inserts every stored id: those below `idLimit` for which
    /// `isStored` is true, hashed by `hashOf`.
    mutating func grow(idLimit: Int, isStored: (Int) -> Bool, hashOf: (Int) -> Int) {
        buckets = Array(repeating: 0, count: buckets.count * 2)
        let mask = buckets.count - 1
        for id in 0..<idLimit where isStored(id) {
            let hash = hashOf(id)
            var bucket = hash & mask
            while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
            buckets[bucket] = FileRecordIndex.entry(id, hash: hash)
        }
    }
}
