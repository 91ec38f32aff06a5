extension JSONValue {
    /// The value as compact JSON bytes (UTF-8, no trailing newline).
    public func serialized() -> [UInt8] {
        var writer = JSONWriter()
        writer.write(self)
        return writer.bytes
    }

    /// The value as compact JSON text.
    public var jsonText: String {
        String(decoding: serialized(), as: UTF8.self)
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text.
    public var description: String { jsonText }
}
