/// Members written as a key and its value in one call.
extension JSONWriter {
    public mutating func field(_ name: String, _ value: String) {
        key(name); writeString(value)
    }

    public mutating func field(_ name: String, _ value: Int64) {
        key(name); writeInt(value)
    }

    public mutating func field(_ name: String, _ value: Int) {
        key(name); writeInt(Int64(value))
    }

    public mutating func field(_ name: String, _ value: Double) {
        key(name); writeDouble(value)
    }

    public mutating func field(_ name: String, _ value: Bool) {
        key(name); writeBool(value)
    }

    public mutating func field(_ name: String, _ value: JSONValue) {
        key(name); write(value)
    }

    /// Writes the member only when `value` is not nil.
    public mutating func optionalField(_ name: String, _ value: String?) {
        if let value { field(name, value) }
    }

    /// Writes the member only when `value` is not nil.
    public mutating func optionalField(_ name: String, _ value: Int64?) {
        if let value { field(name, value) }
    }
}
