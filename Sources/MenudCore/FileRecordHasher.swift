import MenudJSON

/// Hashes a byte string fed in pieces, eight bytes per round of the standard per-process seeded
/// `Hasher`, so a path hashes alike fed whole or as directory prefix plus name.
struct FileRecordHasher {
    private var hasher = Hasher()
    private var word: UInt64 = 0
    private var shift: UInt64 = 0
    private var length = 0

    mutating func feed(_ bytes: [UInt8], from start: Int, to end: Int) {
        var index = start
        while index < end {
            // On a round's boundary, eight bytes are that round's word as they stand.
            if shift == 0, index &+ 8 <= end, let whole = ByteScan.word(in: bytes, at: index) {
                hasher.combine(whole)
                index &+= 8
                continue
            }
            word |= UInt64(bytes[index]) &<< shift
            shift &+= 8
            if shift == 64 {
                hasher.combine(word)
                word = 0
                shift = 0
            }
            index += 1
        }
        length += end - start
    }

    consuming func finalize() -> Int {
        hasher.combine(word)
        hasher.combine(length)
        return hasher.finalize()
    }
}
