/// Members written in one step: a name and its value with one capacity check for both.
extension JSONWriter {
    /// Writes the member `"name":"value"`: `key(ascii: name)` then `writeString(value)`, in one
    /// step that reserves room once for both (a menu item is made of such members).
    public mutating func stringMember(ascii name: StaticString, _ value: String) {
        assert(Self.needsNoEscaping(name), "stringMember(ascii:_:) takes plain ASCII names only")
        appendQuoted(value, prefix: needsComma ? UInt8(ascii: ",") : nil, name: name)
        needsComma = true
    }
}
