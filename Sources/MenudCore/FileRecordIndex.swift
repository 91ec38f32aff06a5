/// A hash index of small integer ids (slots, directory prefix ids) that keeps no keys itself:
/// the caller hashes and compares through its own storage, so an entry costs 4 bytes.
///
/// Open addressing with linear probing over `buckets`, at most 8/10 full and grown by half,
/// so from 1.25 to 1.875 buckets per entry (5 to 7.5 bytes; a table of a power of two, 7/10
/// full and doubled, held 5.7 to 11.4). A hash's home bucket is its low 32 bits scaled to the
/// table's size (`home(_:_:)`), so the size need not be a power of two. A bucket holds id + 1
/// in its low 27 bits (0 for empty) and the top 5 bits of the hash above them, so a probe
/// compares a stored key (a record read, usually a cache miss) for one bucket in 32 that is not
/// the one sought. Removal shifts the following entries of the run back (no tombstones). The
/// caller passes the hash of what it looks for, and, where entries move, a way to get the hash
/// of a stored id.
///
/// Growth is spread over the inserts that follow it, so no insert rehashes every stored id (at
/// a million files that took 0.3 to 0.5 s in one loop turn): at 8/10 full the buckets move to
/// `draining` and a table half as big again takes their place; each `makeRoom` then copies
/// up to ``entriesPerStep`` stored ids over, in id order (a slot's record and name are read in
/// storage order, so hashing them again costs no cache miss: in bucket order it cost two per
/// id, a third of the loop's time in a million-file crawl). Entries stay in `draining` once
/// copied, so a probe that misses in the new table finds there any id not copied yet; a
/// removal takes an id out of both. An id stored during the move below the copy's cursor is
/// in the new table only; one at or past it is remembered (`storedEarly`) so the copy skips
/// it. The move is over after at most 1/20 of the old size in inserts (more when most ids
/// below the end are vacant), the new table then about 5/9 full; until then the old buckets
/// are held too (4 bytes each).
struct FileRecordIndex {
    private(set) var buckets: [UInt32]
    /// Entries in both tables.
    private(set) var count = 0
    /// The buckets before the last growth, while their ids are copied over; empty otherwise.
    private var draining: [UInt32] = []
    /// Ids below `copyEnd` were the ones there could be when the growth began; those below
    /// `copyCursor` are copied.
    private var copyCursor = 0
    private var copyEnd = 0
    /// Ids from `copyCursor` to `copyEnd` stored in `buckets` since the growth began.
    private var storedEarly: Set<Int> = []

    static let idBits = 27
    /// The largest id an index can hold (134 million files).
    static let largestId = (1 << idBits) - 2
    private static let idMask: UInt32 = (1 << idBits) - 1
    /// Ids copied to the grown table by each `makeRoom`, and ids looked at (vacant ones are
    /// skipped), at most.
    static let entriesPerStep = 16
    static let idsPerStep = 64

    /// An index is at most `maxLoadTenths`/10 full; a growth makes it `growthNumerator`/
    /// `growthDenominator` times as big.
    static let maxLoadTenths = 8
    static let growthNumerator = 3
    static let growthDenominator = 2

    init() {
        buckets = Array(repeating: 0, count: 16)
    }

    /// The bucket where a probe for `hash` starts in a table of `size` buckets: the hash's low
    /// 32 bits scaled to the size (the tag takes its top bits, so the two stay independent).
    static func home(_ hash: Int, _ size: Int) -> Int {
        Int((UInt64(UInt32(truncatingIfNeeded: hash)) &* UInt64(size)) >> 32)
    }

    /// The bucket after `bucket` in a table of `size`, wrapping around.
    private static func following(_ bucket: Int, _ size: Int) -> Int {
        bucket + 1 == size ? 0 : bucket + 1
    }

    private static func tag(_ hash: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: UInt(bitPattern: hash) >> (UInt.bitWidth - 5)) << idBits
    }

    private static func entry(_ id: Int, hash: Int) -> UInt32 {
        precondition(id <= largestId, "more than \(largestId + 1) entries: the index cannot hold id \(id)")
        return UInt32(id + 1) | tag(hash)
    }

    private static func id(ofEntry entry: UInt32) -> Int { Int(entry & idMask) - 1 }

    /// Bytes held by the buckets (both tables while a growth is under way).
    var allocatedBytes: Int { buckets.allocatedBytes + draining.allocatedBytes }

    /// True while the entries of the previous, smaller table are still moving over.
    var isGrowing: Bool { !draining.isEmpty }

    /// The stored id among those with `hash` for which `matches` is true, or nil; either way
    /// the bucket where the probe stopped in `buckets` (where a new entry for `hash` goes).
    func find(hash: Int, matches: (Int) -> Bool) -> (id: Int?, bucket: Int) {
        let found = FileRecordIndex.probe(buckets, hash: hash, matches: matches)
        if found.id == nil, !draining.isEmpty, let old = FileRecordIndex.probe(draining, hash: hash, matches: matches).id {
            return (old, found.bucket)
        }
        return found
    }

    private static func probe(_ table: [UInt32], hash: Int, matches: (Int) -> Bool) -> (id: Int?, bucket: Int) {
        let size = table.count
        let tag = FileRecordIndex.tag(hash)
        var bucket = FileRecordIndex.home(hash, size)
        while true {
            let entry = table[bucket]
            if entry == 0 { return (nil, bucket) }
            if entry & ~FileRecordIndex.idMask == tag, matches(FileRecordIndex.id(ofEntry: entry)) {
                return (FileRecordIndex.id(ofEntry: entry), bucket)
            }
            bucket = FileRecordIndex.following(bucket, size)
        }
    }

    /// Call before looking up for an insert: copies a step of a growth under way, and starts
    /// one when one more entry would make the index more than 8/10 full. Every stored id is
    /// below `ids`; `isStored` says whether one is, and `hashOf` gives its hash.
    mutating func makeRoom(ids: Int, isStored: (Int) -> Bool, hashOf: (Int) -> Int) {
        if !draining.isEmpty { copy(maxEntries: FileRecordIndex.entriesPerStep, maxIds: FileRecordIndex.idsPerStep, isStored: isStored, hashOf: hashOf) }
        guard (count + 1) * 10 > buckets.count * FileRecordIndex.maxLoadTenths else { return }
        // Not reached while a move is under way (it ends long before), but if it were, the
        // rest of it moves now.
        if !draining.isEmpty { copy(maxEntries: Int.max, maxIds: Int.max, isStored: isStored, hashOf: hashOf) }
        draining = buckets
        buckets = Array(repeating: 0, count: draining.count * FileRecordIndex.growthNumerator / FileRecordIndex.growthDenominator)
        copyCursor = 0
        copyEnd = ids
        storedEarly = []
    }

    /// Copies stored ids from the cursor on into `buckets`, until `maxEntries` are copied,
    /// `maxIds` looked at, or all are done.
    private mutating func copy(maxEntries: Int, maxIds: Int, isStored: (Int) -> Bool, hashOf: (Int) -> Int) {
        let size = buckets.count
        var copied = 0
        var looked = 0
        while copyCursor < copyEnd && copied < maxEntries && looked < maxIds {
            let id = copyCursor
            copyCursor += 1
            looked += 1
            if !storedEarly.isEmpty, storedEarly.remove(id) != nil { continue }
            guard isStored(id) else { continue }
            let hash = hashOf(id)
            var bucket = FileRecordIndex.home(hash, size)
            while buckets[bucket] != 0 { bucket = FileRecordIndex.following(bucket, size) }
            buckets[bucket] = FileRecordIndex.entry(id, hash: hash)
            copied += 1
        }
        if copyCursor >= copyEnd {
            draining = []
            storedEarly = []
        }
    }

    /// Adds `id`, whose hash is `hash`, at `bucket`, an empty bucket that `find` gave for it.
    mutating func insert(_ id: Int, hash: Int, at bucket: Int) {
        precondition(buckets[bucket] == 0, "bucket \(bucket) is taken")
        buckets[bucket] = FileRecordIndex.entry(id, hash: hash)
        count += 1
        if !draining.isEmpty && id >= copyCursor && id < copyEnd { storedEarly.insert(id) }
    }

    /// Removes `id`, whose hash is `hash`; `hashOf` gives the hash of any other stored id.
    mutating func remove(_ id: Int, hash: Int, hashOf: (Int) -> Int) {
        let wanted = FileRecordIndex.entry(id, hash: hash)
        var removed = FileRecordIndex.remove(wanted, hash: hash, from: &buckets, hashOf: hashOf)
        if !draining.isEmpty {
            // A copied id is in both tables.
            if FileRecordIndex.remove(wanted, hash: hash, from: &draining, hashOf: hashOf) { removed = true }
            storedEarly.remove(id)
        }
        precondition(removed, "id \(id) is not in the index")
        count -= 1
    }

    /// Takes `wanted` out of `table`, shifting back the rest of its run; false when it is not there.
    private static func remove(_ wanted: UInt32, hash: Int, from table: inout [UInt32], hashOf: (Int) -> Int) -> Bool {
        let size = table.count
        var hole = FileRecordIndex.home(hash, size)
        while table[hole] != wanted {
            if table[hole] == 0 { return false }
            hole = FileRecordIndex.following(hole, size)
        }
        // Move back every later entry of the run whose home bucket does not lie cyclically in
        // (hole, current]: otherwise a probe for it would stop at the hole.
        var current = hole
        while true {
            current = FileRecordIndex.following(current, size)
            let entry = table[current]
            if entry == 0 { break }
            let home = FileRecordIndex.home(hashOf(FileRecordIndex.id(ofEntry: entry)), size)
            let reachable = hole <= current ? (hole < home && home <= current) : (hole < home || home <= current)
            if !reachable {
                table[hole] = entry
                hole = current
            }
        }
        table[hole] = 0
        return true
    }
}
