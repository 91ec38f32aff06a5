/// A strict RFC 8259 JSON parser over bytes.
///
/// - Rejects trailing characters, leading zeros, `NaN`/`Infinity`, trailing commas, unescaped
///   control characters in strings, lone surrogates in `\u` escapes, invalid or truncated UTF-8
///   (overlong forms, encoded surrogates, code points past U+10FFFF), a byte order mark, numbers
///   outside `Double`'s range, nesting deeper than `maxDepth` and duplicate keys in one object.
/// - Integer literals that fit `Int64` become `.int`; all other numbers become `.double`.
/// - Nesting cannot overflow the stack, whatever `maxDepth` is: past a few dozen levels the parser
///   keeps open containers on the heap instead of recursing.
/// - Error offsets count bytes from the start of the input, not from the slice's `startIndex`.
public enum JSONParser {
    /// The depth `parse` allows unless told otherwise: 128 nested arrays/objects.
    public static let defaultMaxDepth = 128

    public static func parse(_ bytes: ArraySlice<UInt8>, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        var cursor = JSONParserCursor(bytes: bytes, maxDepth: maxDepth)
        return try cursor.parseDocument()
    }

    /// The same, returning the strings of `known` as they are given (see ``JSONStringTable``).
    public static func parse(_ bytes: ArraySlice<UInt8>, maxDepth: Int = defaultMaxDepth, known: JSONStringTable) throws(JSONParseError) -> JSONValue {
        var cursor = JSONParserCursor(bytes: bytes, maxDepth: maxDepth, known: known)
        return try cursor.parseDocument()
    }

    /// Parses the one value that starts at `offset` of `bytes` (no whitespace before it) as a
    /// member of containers `depth` deep would be parsed, and returns it with the index just past
    /// it; what follows is not looked at. For a reader that walks an envelope itself and wants
    /// only one member's value as a tree. Error offsets count from `bytes.startIndex`.
    public static func parseValue(in bytes: ArraySlice<UInt8>, at offset: Int, depth: Int, maxDepth: Int,
                                  known: JSONStringTable? = nil) throws(JSONParseError) -> (value: JSONValue, end: Int) {
        var cursor = JSONParserCursor(bytes: bytes, maxDepth: maxDepth, known: known)
        cursor.position = offset
        let value = try cursor.parseValue(depth: depth)
        return (value, cursor.position)
    }

    /// The same, with the depth up to which containers are parsed recursively set explicitly
    /// (tests use 0 to run everything through the iterative path).
    static func parse(_ bytes: ArraySlice<UInt8>, maxDepth: Int, recursionLimit: Int) throws(JSONParseError) -> JSONValue {
        var cursor = JSONParserCursor(bytes: bytes, maxDepth: maxDepth, recursionLimit: recursionLimit)
        return try cursor.parseDocument()
    }

    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        try parse(bytes[...], maxDepth: maxDepth)
    }

    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8)[...], maxDepth: maxDepth)
    }
}
