/// The state of one `JSONParser.parse` call: the input, a position in it and the limits.
///
/// Containers are parsed by recursive descent up to `recursionLimit` levels, which covers every
/// real message with a small, bounded stack. Deeper containers are handed to an iterative parser
/// (`JSONParserCursor+Deep.swift`) that keeps open containers on heap stacks, so nesting costs heap
/// rather than stack whatever `maxDepth` allows, and hostile inputs can never overflow the stack.
struct JSONParserCursor {
    let bytes: ArraySlice<UInt8>
    /// The input's bounds; error offsets count from `start`.
    let start: Int
    let end: Int
    let maxDepth: Int
    let recursionLimit: Int
    var position: Int
    /// Strings returned as they are when the input spells them without escapes.
    let known: JSONStringTable?

    /// Containers nested deeper than this are parsed iteratively.
    static let defaultRecursionLimit = 48

    init(bytes: ArraySlice<UInt8>, maxDepth: Int, recursionLimit: Int = defaultRecursionLimit, known: JSONStringTable? = nil) {
        self.bytes = bytes
        self.known = known
        self.start = bytes.startIndex
        self.end = bytes.endIndex
        self.maxDepth = max(0, maxDepth)
        self.recursionLimit = max(0, recursionLimit)
        self.position = bytes.startIndex
    }

    // MARK: - Document

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if end - start >= 3, bytes[start] == 0xEF, bytes[start + 1] == 0xBB, bytes[start + 2] == 0xBF {
            throw error(at: start, "the input starts with a byte order mark (byte 0); send UTF-8 JSON without a BOM")
        }
        skipWhitespace()
        if position == end {
            throw error(at: position, position == start
                ? "the input is empty; expected a JSON value at byte 0"
                : "the input holds only whitespace; expected a JSON value at byte \(position - start)")
        }
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if position != end {
            throw error(at: position, "unexpected \(describeByte(at: position)) after the JSON value at byte \(position - start); a message must hold exactly one JSON value")
        }
        return value
    }

    // MARK: - Values

    /// Parses the value at `position` (whitespace already skipped), which sits inside `depth`
    /// containers.
    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard position < end else { throw unexpectedEnd(expecting: "a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            if depth >= recursionLimit { return try parseDeepValue(depth: depth) }
            return .object(try parseObject(depth: depth))
        case UInt8(ascii: "["):
            if depth >= recursionLimit { return try parseDeepValue(depth: depth) }
            return .array(try parseArray(depth: depth))
        default:
            return try parseScalar()
        }
    }

    /// Parses a string, number or literal at `position`.
    mutating func parseScalar() throws(JSONParseError) -> JSONValue {
        switch bytes[position] {
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        default:
            throw unexpectedValueStart()
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONObject {
        try checkDepth(depth)
        position += 1
        skipWhitespace()
        if position < end, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return JSONObject()
        }
        var members: [JSONObjectMember] = []
        members.reserveCapacity(4)
        var keySet: Set<String>?
        while true {
            let keyOffset = position
            let key = try parseKeyAndColon()
            if isDuplicate(key, among: members[...], keySet: &keySet) {
                throw duplicateKey(key, at: keyOffset)
            }
            let value = try parseValue(depth: depth + 1)
            members.append(JSONObjectMember(key: key, value: value))
            skipWhitespace()
            guard position < end else { throw unexpectedEnd(expecting: "',' or '}' in an object") }
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: ",") {
                skipWhitespace()
            } else if byte == UInt8(ascii: "}") {
                return JSONObject(distinctEntries: members)
            } else {
                position -= 1
                throw expectedCommaOrEnd(object: true)
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> [JSONValue] {
        try checkDepth(depth)
        position += 1
        skipWhitespace()
        if position < end, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return []
        }
        var elements: [JSONValue] = []
        elements.reserveCapacity(4)
        while true {
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard position < end else { throw unexpectedEnd(expecting: "',' or ']' in an array") }
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: ",") {
                skipWhitespace()
                try rejectTrailingComma(before: UInt8(ascii: "]"))
            } else if byte == UInt8(ascii: "]") {
                return elements
            } else {
                position -= 1
                throw expectedCommaOrEnd(object: false)
            }
        }
    }

    // MARK: - Shared container steps

    /// Throws when opening a container inside `depth` others would pass `maxDepth`.
    func checkDepth(_ depth: Int) throws(JSONParseError) {
        if depth >= maxDepth {
            throw error(at: position, "nesting deeper than \(maxDepth) levels at byte \(position - start); flatten the data")
        }
    }

    /// Parses `"key" :` and the whitespace after it, leaving `position` at the member's value.
    mutating func parseKeyAndColon() throws(JSONParseError) -> String {
        guard position < end else { throw unexpectedEnd(expecting: "a string key in an object") }
        guard bytes[position] == UInt8(ascii: "\"") else {
            try rejectTrailingComma(before: UInt8(ascii: "}"))
            throw error(at: position, "expected a string key in double quotes at byte \(position - start), found \(describeByte(at: position))")
        }
        let key = try parseString()
        skipWhitespace()
        guard position < end else { throw unexpectedEnd(expecting: "':' after an object key") }
        guard bytes[position] == UInt8(ascii: ":") else {
            throw error(at: position, "expected ':' after the key \(quoted(key)) at byte \(position - start), found \(describeByte(at: position))")
        }
        position += 1
        skipWhitespace()
        return key
    }

    /// Whether `key` is among the keys of `members`; past a few members the keys are kept in
    /// `keySet` so the check stays constant-time. Adds `key` to `keySet` when it is kept.
    func isDuplicate(_ key: String, among members: ArraySlice<JSONObjectMember>, keySet: inout Set<String>?) -> Bool {
        if keySet != nil {
            return !keySet!.insert(key).inserted
        }
        for member in members where member.key == key {
            return true
        }
        if members.count >= JSONObject.indexedCount {
            var keys = Set<String>(minimumCapacity: members.count * 2)
            for member in members { keys.insert(member.key) }
            keys.insert(key)
            keySet = keys
        }
        return false
    }

    /// After a comma: throws when the container closes right away.
    func rejectTrailingComma(before closer: UInt8) throws(JSONParseError) {
        if position < end, bytes[position] == closer {
            throw error(at: position, "trailing comma before '\(Character(Unicode.Scalar(closer)))' at byte \(position - start); remove the last ','")
        }
    }
}
