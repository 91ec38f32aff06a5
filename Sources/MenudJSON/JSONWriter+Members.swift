/// Members written in one step: a name and its value with one capacity check for both.
extension JSONWriter {
    /// Writes the member `"name":"value"`: `key(ascii: name)` then `writeString(value)`, in one
    /// step that reserves room once for both (a menu item is made of such members).
    public mutating func stringMember(ascii name: StaticString, _ value: String) {
        assert(Self.needsNoEscaping(name), "stringMember(ascii:_:) takes plain ASCII names only")
        var value = value
        if !value.isContiguousUTF8 { value.makeContiguousUTF8() }
        let comma = needsComma
        var escapeStart = -1
        bytes.append(addingCapacity: name.utf8CodeUnitCount + value.utf8.count + 6) { output in
            if comma { output.append(UInt8(ascii: ",")) }
            output.append(UInt8(ascii: "\""))
            name.withUTF8Buffer { for byte in $0 { output.append(byte) } }
            output.append(UInt8(ascii: "\""))
            output.append(UInt8(ascii: ":"))
            output.append(UInt8(ascii: "\""))
            escapeStart = Self.copyUntilEscape(value.utf8.span, to: &output)
            if escapeStart < 0 { output.append(UInt8(ascii: "\"")) }
        }
        if escapeStart >= 0 {
            appendEscaped(value, from: escapeStart, suffix: nil)
        }
        needsComma = true
    }
}
