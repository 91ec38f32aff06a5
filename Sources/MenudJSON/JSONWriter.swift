/// Writes compact JSON into a reusable byte buffer.
///
/// Use `write(_:)` for a whole `JSONValue`, or stream a document with the primitives so that no
/// `JSONValue` tree is built:
///
///     var writer = JSONWriter()
///     writer.beginObject()
///     writer.key("path"); writer.writeString("videos/intro.mp4")
///     writer.key("size"); writer.writeInt(2_400_000)
///     writer.endObject()
///     // writer.bytes == #"{"path":"videos/intro.mp4","size":2400000}"#
///
/// Commas are inserted automatically: every value written inside an array after its first element
/// and every `key(_:)` after an object's first member gets one. The writer does not check that the
/// calls nest correctly (that is the caller's job) — it is built for speed.
///
/// Strings are escaped per RFC 8259: `"` and `\` with a backslash; U+0008, U+0009, U+000A, U+000C,
/// U+000D as `\b \t \n \f \r`; other control characters as `\u00XX`. `/` is never escaped and
/// non-ASCII text is written as UTF-8 as it is. Doubles use the shortest text that reads back to the
/// same value (Swift's `description`); NaN and infinities, which JSON cannot express, are written as
/// `null`.
public struct JSONWriter: Sendable {
    /// The bytes written so far.
    public var bytes: [UInt8]
    /// Whether the next value or key follows a sibling and needs a comma first.
    // Visible to inlined code: the structure calls below are inlined into other modules'
    // hot loops (a File object per listed file), where a call each would cost more than they do.
    @usableFromInline var needsComma = false

    public init(reservingCapacity: Int = 256) {
        bytes = []
        // Reserving nothing still runs the array's reallocation, for an empty array.
        if reservingCapacity > 0 { bytes.reserveCapacity(reservingCapacity) }
    }

    /// Continues writing after the bytes already in `buffer` (useful to append to a reused buffer).
    public init(appendingTo buffer: [UInt8]) {
        bytes = buffer
    }

    /// Empties the buffer, keeping its capacity, to write the next document.
    public mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    // MARK: - Whole values

    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: writeNull()
        case .bool(let flag): writeBool(flag)
        case .int(let number): writeInt(number)
        case .double(let number): writeDouble(number)
        case .string(let string): writeString(string)
        case .array(let elements):
            beginArray()
            for element in elements { write(element) }
            endArray()
        case .object(let object):
            beginObject()
            for (name, member) in object {
                key(name)
                write(member)
            }
            endObject()
        }
    }

    // MARK: - Structure

    @inlinable
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Writes a member name and its colon; the next write is the member's value.
    public mutating func key(_ name: String) {
        appendQuoted(name, prefix: needsComma ? UInt8(ascii: ",") : nil, suffix: UInt8(ascii: ":"))
        needsComma = false
    }

    /// A member name written in the source (`writer.key(ascii: "size")`): ASCII with nothing
    /// to escape, so it is copied as it is, without the per-byte checks of `key(_:)` (a
    /// `daemon.status` answer writes twenty of them). Debug builds check the name.
    @inlinable
    public mutating func key(ascii name: StaticString) {
        assert(Self.needsNoEscaping(name), "key(ascii:) takes plain ASCII names only")
        // One capacity check for the whole member name instead of one per byte appended.
        let comma = needsComma
        bytes.append(addingCapacity: name.utf8CodeUnitCount + 4) { out in
            if comma { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\""))
            name.withUTF8Buffer { for byte in $0 { out.append(byte) } }
            out.append(UInt8(ascii: "\""))
            out.append(UInt8(ascii: ":"))
        }
        needsComma = false
    }

    /// One complete JSON value written in the source (`"2.0"`), as the next value, unchecked.
    @inlinable
    public mutating func writeRaw(ascii json: StaticString) {
        separate()
        json.withUTF8Buffer { bytes.append(contentsOf: $0) }
        needsComma = true
    }

    @usableFromInline
    static func needsNoEscaping(_ name: StaticString) -> Bool {
        name.withUTF8Buffer { source in source.allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != 0x22 && $0 != 0x5C } }
    }

    /// A member name given as its quoted bytes with the colon (`"size":`), copied
    /// without escaping checks.
    @inlinable
    public mutating func key(encoded: [UInt8]) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(contentsOf: encoded)
        needsComma = false
    }

    @inlinable
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    @inlinable
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    @inlinable
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    // MARK: - Scalars

    public mutating func writeNull() {
        separate()
        appendASCII("null")
        needsComma = true
    }

    public mutating func writeBool(_ flag: Bool) {
        separate()
        appendASCII(flag ? "true" : "false")
        needsComma = true
    }

    public mutating func writeString(_ string: String) {
        appendQuoted(string, prefix: needsComma ? UInt8(ascii: ",") : nil)
        needsComma = true
    }

    public mutating func writeInt(_ number: Int64) {
        separate()
        appendDecimal(number)
        needsComma = true
    }

    public mutating func writeInt(_ number: Int) {
        writeInt(Int64(number))
    }

    public mutating func writeDouble(_ number: Double) {
        separate()
        if !number.isFinite {
            appendASCII("null")
        } else if abs(number) < 1e15, Double(Int64(number)) == number {
            // Integral values in this range print exactly as an integer with ".0"; skip `description`.
            if number == 0, number.sign == .minus {
                appendASCII("-0.0")
            } else {
                appendDecimal(Int64(number))
                appendASCII(".0")
            }
        } else {
            bytes.append(contentsOf: number.description.utf8)
        }
        needsComma = true
    }

    /// Appends already-serialized JSON (one complete value) as the next value, unchecked.
    @inlinable
    public mutating func writeRaw(_ json: some Collection<UInt8>) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    /// Appends already-serialized members (`"a":1,"b":2`, no braces) inside the current
    /// object, unchecked.
    @inlinable
    public mutating func writeRawMembers(_ members: some Collection<UInt8>) {
        guard !members.isEmpty else { return }
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(contentsOf: members)
        needsComma = true
    }

    // MARK: - Bytes

    @inlinable @inline(__always)
    mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func appendASCII(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func appendDecimal(_ number: Int64) {
        if number >= 0, number < 10 {
            bytes.append(UInt8(truncatingIfNeeded: number) &+ 0x30)
            return
        }
        bytes.append(addingCapacity: 20) { output in
            // Digits from the least significant one, into a fixed buffer on the stack; the
            // magnitude as UInt64 keeps Int64.min free of special cases.
            var digits = InlineArray<20, UInt8>(repeating: 0)
            var magnitude = number.magnitude
            var first = 20
            repeat {
                let quotient = magnitude / 10
                first -= 1
                digits[first] = UInt8(truncatingIfNeeded: magnitude &- quotient &* 10) &+ 0x30
                magnitude = quotient
            } while magnitude != 0
            if number < 0 { output.append(UInt8(ascii: "-")) }
            while first < 20 {
                output.append(digits[first])
                first += 1
            }
        }
    }

    /// Appends `string` in double quotes, escaped, preceded by `prefix` and followed by `suffix`
    /// when they are given (a comma before a key, a colon after it), and by the member name
    /// `"name":` when it is given (``stringMember(ascii:_:)``).
    mutating func appendQuoted(_ string: String, prefix: UInt8? = nil, name: StaticString? = nil, suffix: UInt8? = nil) {
        var string = string
        if !string.isContiguousUTF8 { string.makeContiguousUTF8() }
        // One pass copies bytes until the first one that needs escaping (usually there is none).
        var escapeStart = -1
        bytes.append(addingCapacity: string.utf8.count + (name.map { $0.utf8CodeUnitCount + 3 } ?? 0) + 4) { output in
            if let prefix { output.append(prefix) }
            if let name {
                output.append(UInt8(ascii: "\""))
                name.withUTF8Buffer { for byte in $0 { output.append(byte) } }
                output.append(UInt8(ascii: "\""))
                output.append(UInt8(ascii: ":"))
            }
            output.append(UInt8(ascii: "\""))
            escapeStart = Self.copyUntilEscape(string.utf8.span, to: &output)
            guard escapeStart < 0 else { return }
            output.append(UInt8(ascii: "\""))
            if let suffix { output.append(suffix) }
        }
        if escapeStart >= 0 {
            appendEscaped(string, from: escapeStart, suffix: suffix)
        }
    }

    /// Appends the UTF-8 of `string` from byte `start` (one that needs escaping) on with
    /// escapes, then the closing quote and `suffix`: each escape, then the clean run after it
    /// copied eight bytes at a time as the first one was (a text of many lines, such as an
    /// action's message, would otherwise go byte by byte from its first newline).
    private mutating func appendEscaped(_ string: String, from start: Int, suffix: UInt8?) {
        let count = string.utf8.count
        var index = start
        while true {
            Self.appendEscape(of: string.utf8.span[index], to: &bytes)
            index &+= 1
            var stop = -1
            bytes.append(addingCapacity: count &- index &+ 2) { output in
                stop = Self.copyUntilEscape(string.utf8.span.extracting(index...), to: &output)
                guard stop < 0 else { return }
                output.append(UInt8(ascii: "\""))
                if let suffix { output.append(suffix) }
            }
            guard stop >= 0 else { return }
            index &+= stop
        }
    }
}
