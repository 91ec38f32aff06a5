import MenudJSON

/// The members of result objects whose values the protocol restricts further than their JSON
/// type: colors, badge kinds, shortcut keys. Each throws a -32602 that names the member.
extension JSONObject {
    /// A `#RRGGBB` color.
    public func requiredColor(_ key: String, within parent: String) throws(RPCError) -> String {
        let color = try requiredString(key, within: parent)
        let digits = color.utf8.dropFirst()
        guard color.utf8.first == UInt8(ascii: "#"), digits.count == 6, digits.allSatisfy(Self.isHexDigit) else {
            throw .invalidParams(param: parent + "." + key, "\(parent).\(key) must be a color written #RRGGBB; got \(RPCError.quote(color)).")
        }
        return color
    }

    /// A one-character string (an item's `key`), or nil when absent.
    public func optionalCharacter(_ key: String) throws(RPCError) -> String? {
        guard let text = try optionalString(key) else { return nil }
        guard text.count == 1 else {
            throw .invalidParams(param: key, "\(key) must be one character; got \(RPCError.quote(text)).")
        }
        return text
    }

    /// A list member the object cannot be read without (`menu.items`, `files`, `plugins`).
    public func requiredList(_ key: String, within parent: String? = nil, of entries: String) throws(RPCError) -> [JSONValue] {
        guard let list = self[key]?.arrayValue else {
            let param = parent.map { $0 + "." + key } ?? key
            throw .invalidParams(param: param, "\(param) is required: a list of \(entries)")
        }
        return list
    }

    /// An item's id: a string; tolerantly also an integer, read as its digits.
    public func itemId(mode: DecodingMode) throws(RPCError) -> String {
        if mode == .tolerant, let number = self["id"]?.intValue { return String(number) }
        return try requiredString("id")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
