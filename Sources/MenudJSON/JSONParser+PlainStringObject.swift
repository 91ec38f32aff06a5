extension JSONParser {
    /// The object that starts at `offset` of `bytes` when all its members are strings, keys and
    /// values alike, of printable ASCII without escapes (`{"path":"a.txt"}`, the params of most
    /// requests), and the index just past it; nil for any other object, for a duplicate key and
    /// for more than ``plainObjectMembers`` members, which are the parser's to read. Read in one
    /// pass, without the parser's general machinery; the object is the one the parser would give.
    public static func parsePlainStringObject(in bytes: ArraySlice<UInt8>, at offset: Int,
                                              known: JSONStringTable? = nil) -> (object: JSONObject, end: Int)? {
        var at = offset
        guard at < bytes.endIndex, bytes[at] == UInt8(ascii: "{") else { return nil }
        at = skipWhitespace(bytes, from: at + 1)
        guard at < bytes.endIndex else { return nil }
        if bytes[at] == UInt8(ascii: "}") { return (JSONObject(), at + 1) }
        var members: [JSONObjectMember] = []
        members.reserveCapacity(2)
        while true {
            guard let (key, keyEnd) = plainString(bytes, from: at, known: known),
                  members.count < plainObjectMembers, !members.contains(where: { $0.key == key }) else { return nil }
            at = skipWhitespace(bytes, from: keyEnd)
            guard at < bytes.endIndex, bytes[at] == UInt8(ascii: ":") else { return nil }
            at = skipWhitespace(bytes, from: at + 1)
            guard let (value, valueEnd) = plainString(bytes, from: at, known: known) else { return nil }
            members.append(JSONObjectMember(key: key, value: .string(value)))
            at = skipWhitespace(bytes, from: valueEnd)
            guard at < bytes.endIndex else { return nil }
            if bytes[at] == UInt8(ascii: "}") { return (JSONObject(distinctEntries: members), at + 1) }
            guard bytes[at] == UInt8(ascii: ",") else { return nil }
            at = skipWhitespace(bytes, from: at + 1)
        }
    }

    /// The most members ``parsePlainStringObject(in:at:known:)`` reads (it checks duplicates by
    /// comparing each key with those before it).
    public static let plainObjectMembers = 8

    /// The string whose opening quote is at `start` when it is plain, and the index just past
    /// its closing quote.
    private static func plainString(_ bytes: ArraySlice<UInt8>, from start: Int, known: JSONStringTable?) -> (String, Int)? {
        guard start < bytes.endIndex, bytes[start] == UInt8(ascii: "\""),
              let close = plainStringEnd(bytes, from: start + 1) else { return nil }
        let content = bytes[(start + 1)..<close]
        if let known, let string = known.string(for: content) { return (string, close + 1) }
        return (String(decoding: content, as: UTF8.self), close + 1)
    }

    /// The index of the closing quote of a plain string (printable ASCII without escapes) whose
    /// content starts at `start`, just after its opening quote; nil for any other string. Read
    /// eight bytes at a time while eight are left (``ByteScan``).
    @inlinable
    public static func plainStringEnd(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        var at = start
        while let word = ByteScan.word(in: bytes, at: at) {
            let stops = ByteScan.plainStringStops(in: word)
            if stops != 0 {
                let stop = at &+ ByteScan.firstFlagged(stops)
                return bytes[stop] == UInt8(ascii: "\"") ? stop : nil
            }
            at &+= 8
        }
        while at < bytes.endIndex {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") { return at }
            guard isPlainStringByte(byte) else { return nil }
            at += 1
        }
        return nil
    }

    /// True for a byte a plain string holds as it is, its closing quote aside: printable ASCII
    /// (0x20 up to 0x7F) other than the backslash, in one comparison for the range.
    @inlinable @inline(__always)
    public static func isPlainStringByte(_ byte: UInt8) -> Bool {
        byte != UInt8(ascii: "\\") && byte &- 0x20 < 0x60
    }

    /// The index of the first byte at or after `start` that is not JSON whitespace (space, tab,
    /// `\n`, `\r`). Inlined where it is used: readers of the common request call it between
    /// every two tokens.
    @inlinable
    public static func skipWhitespace(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        var at = start
        while at < bytes.endIndex {
            let byte = bytes[at]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
            at += 1
        }
        return at
    }
}
