/// Reads bytes eight at a time, for the scans every request makes over its line: the framer's
/// search for the newline, the plain-request decoder's reading of member names, the method and
/// plain strings, and the writer's copy of every string it writes. A byte-by-byte loop costs six
/// to twelve instructions a byte; one 64-bit word tested at once costs about two.
///
/// A word holds its first byte lowest (it is read little-endian). The tests below set bit 7 of
/// every byte they match; the lowest such flag is exact, and any above it may be false (a
/// subtraction's borrow only runs upwards, from a byte that matched), so callers only ever use
/// the first match, through ``firstFlagged(_:)``.
///
/// Words are read with `RawSpan.unsafeLoadUnaligned`, which checks its bounds like a subscript:
/// it is "unsafe" only for types with invalid bit patterns, and every pattern is a valid `UInt64`.
public enum ByteScan {
    /// The eight bytes of `bytes` from `index` on as one word, or nil when fewer than eight are left.
    @inlinable @inline(__always)
    public static func word(in bytes: ArraySlice<UInt8>, at index: Int) -> UInt64? {
        guard index >= bytes.startIndex, index &+ 8 <= bytes.endIndex else { return nil }
        return bytes.span.bytes.unsafeLoadUnaligned(fromByteOffset: index &- bytes.startIndex, as: UInt64.self).littleEndian
    }

    /// The eight bytes of `bytes` from `index` on as one word, or nil when fewer than eight are left.
    @inlinable @inline(__always)
    public static func word(in bytes: [UInt8], at index: Int) -> UInt64? {
        guard index >= 0, index &+ 8 <= bytes.count else { return nil }
        return bytes.span.bytes.unsafeLoadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian
    }

    /// True when `a[aStart..<aStart + count]` and `b[bStart..<bStart + count]` hold the same
    /// bytes; both ranges must lie in their arrays.
    @inlinable
    public static func equal(_ a: [UInt8], at aStart: Int, _ b: [UInt8], at bStart: Int, count: Int) -> Bool {
        var offset = 0
        while offset &+ 8 <= count {
            guard let left = word(in: a, at: aStart &+ offset), let right = word(in: b, at: bStart &+ offset) else { break }
            if left != right { return false }
            offset &+= 8
        }
        while offset < count {
            if a[aStart &+ offset] != b[bStart &+ offset] { return false }
            offset &+= 1
        }
        return true
    }

    /// Flags the bytes of `word` equal to `byte`.
    @inlinable @inline(__always)
    public static func matches(of byte: UInt8, in word: UInt64) -> UInt64 {
        let zeroWhereEqual = word ^ (UInt64(byte) &* ones)
        return (zeroWhereEqual &- ones) & ~zeroWhereEqual & highBits
    }

    /// Flags the bytes of `word` that end or spoil a plain string: the quote, the backslash, a
    /// control byte (below 0x20) and any byte from 0x80 up (see `JSONParser.isPlainStringByte`).
    @inlinable @inline(__always)
    public static func plainStringStops(in word: UInt64) -> UInt64 {
        escapeStops(in: word) | (word & highBits)
    }

    /// Flags the bytes of `word` a JSON string must escape: the quote, the backslash and the
    /// control bytes (below 0x20).
    @inlinable @inline(__always)
    public static func escapeStops(in word: UInt64) -> UInt64 {
        let controls = (word &- (0x20 &* ones)) & ~word & highBits
        return matches(of: UInt8(ascii: "\""), in: word) | matches(of: UInt8(ascii: "\\"), in: word) | controls
    }

    /// The position (0 to 7) of the first byte flagged in `flags`, which must not be 0.
    @inlinable @inline(__always)
    public static func firstFlagged(_ flags: UInt64) -> Int {
        flags.trailingZeroBitCount &>> 3
    }

    /// The word's first `count` bytes (0 to 7), the others zeroed.
    @inlinable @inline(__always)
    public static func prefix(_ word: UInt64, count: Int) -> UInt64 {
        word & ((1 &<< UInt64(truncatingIfNeeded: count &* 8)) &- 1)
    }

    /// The index in `bytes` of the first `byte` at or after `start`, as
    /// `bytes[start...].firstIndex(of: byte)` gives it.
    @inlinable
    public static func firstIndex(of byte: UInt8, in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        var at = start
        while let word = word(in: bytes, at: at) {
            let found = matches(of: byte, in: word)
            if found != 0 { return at &+ firstFlagged(found) }
            at &+= 8
        }
        while at < bytes.endIndex {
            if bytes[at] == byte { return at }
            at &+= 1
        }
        return nil
    }

    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highBits: UInt64 = 0x8080_8080_8080_8080
}
