extension JSONParserCursor {
    /// Parses the array or object at `position`, which sits inside `depth` containers, with
    /// everything nested in it, without recursion: open containers are kept in `frames`, and their
    /// elements and members so far in two shared scratch stacks, so that nesting costs heap, not
    /// stack. Each container is built in one allocation when it closes.
    mutating func parseDeepValue(depth baseDepth: Int) throws(JSONParseError) -> JSONValue {
        var frames: [JSONParserFrame] = []
        var scratchValues: [JSONValue] = []
        var scratchMembers: [JSONObjectMember] = []

        while true {
            // Expecting a value at `position` (whitespace already skipped).
            var completed: JSONValue
            guard position < end else { throw unexpectedEnd(expecting: "a value") }
            let opener = bytes[position]
            if opener == UInt8(ascii: "{") || opener == UInt8(ascii: "[") {
                try checkDepth(baseDepth + frames.count)
                position += 1
                let isObject = opener == UInt8(ascii: "{")
                frames.append(JSONParserFrame(isObject: isObject, start: isObject ? scratchMembers.count : scratchValues.count))
                skipWhitespace()
                if position < end, bytes[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    frames.removeLast()
                    completed = isObject ? .object(JSONObject()) : .array([])
                } else {
                    if isObject { try beginMember(frames: &frames, members: &scratchMembers) }
                    continue
                }
            } else {
                completed = try parseScalar()
            }

            // Hand the completed value to the containers that enclose it, closing those that end.
            while true {
                guard !frames.isEmpty else { return completed }
                skipWhitespace()
                let top = frames.count - 1
                let isObject = frames[top].isObject
                if isObject {
                    scratchMembers[scratchMembers.count - 1].value = completed
                } else {
                    scratchValues.append(completed)
                }
                guard position < end else {
                    throw unexpectedEnd(expecting: isObject ? "',' or '}' in an object" : "',' or ']' in an array")
                }
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                    if isObject {
                        try beginMember(frames: &frames, members: &scratchMembers)
                    } else {
                        try rejectTrailingComma(before: UInt8(ascii: "]"))
                    }
                    break
                }
                guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw expectedCommaOrEnd(object: isObject)
                }
                position += 1
                let start = frames.removeLast().start
                if isObject {
                    let members = Array(scratchMembers[start...])
                    scratchMembers.removeLast(scratchMembers.count - start)
                    completed = .object(JSONObject(distinctEntries: members))
                } else {
                    let elements = Array(scratchValues[start...])
                    scratchValues.removeLast(scratchValues.count - start)
                    completed = .array(elements)
                }
            }
            skipWhitespace()
        }
    }

    /// Parses the next `"key":` of the innermost object and records the key (its value to come),
    /// rejecting a key that object already has.
    private mutating func beginMember(frames: inout [JSONParserFrame], members: inout [JSONObjectMember]) throws(JSONParseError) {
        let keyOffset = position
        let key = try parseKeyAndColon()
        let top = frames.count - 1
        if isDuplicate(key, among: members[frames[top].start...], keySet: &frames[top].keySet) {
            throw duplicateKey(key, at: keyOffset)
        }
        members.append(JSONObjectMember(key: key, value: .null))
    }
}
