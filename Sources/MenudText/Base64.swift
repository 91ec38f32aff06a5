/// Standard base64 (RFC 4648, `+` and `/`, padded with `=`): the wire's `pathBase64` and the
/// web page's secret, without Foundation's `Data`.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Each byte's value in the alphabet, 0xFF for a byte outside it.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// `bytes` in standard base64 with padding.
    public static func encode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = iterator.next()
            let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            out.append(alphabet[Int(group >> 18 & 63)])
            out.append(alphabet[Int(group >> 12 & 63)])
            out.append(second == nil ? UInt8(ascii: "=") : alphabet[Int(group >> 6 & 63)])
            out.append(third == nil ? UInt8(ascii: "=") : alphabet[Int(group & 63)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes `text` encodes, or nil unless it is standard base64: groups of four characters
    /// of the alphabet, the last one padded with one or two `=` (no white space, no missing padding).
    public static func decode(_ text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 4 == 0 else { return nil }
        var padding = 0
        if characters.last == UInt8(ascii: "=") { padding += 1 }
        if padding == 1 && characters.count >= 2 && characters[characters.count - 2] == UInt8(ascii: "=") { padding += 1 }
        var out: [UInt8] = []
        out.reserveCapacity(characters.count / 4 * 3)
        var index = 0
        while index < characters.count {
            let isLast = index + 4 == characters.count
            var group: UInt32 = 0
            for offset in 0..<4 {
                let character = characters[index + offset]
                if isLast && offset >= 4 - padding {
                    group <<= 6
                    continue
                }
                let value = values[Int(character)]
                if value == 0xFF { return nil }
                group = group << 6 | UInt32(value)
            }
            out.append(UInt8(group >> 16 & 0xFF))
            if !(isLast && padding == 2) { out.append(UInt8(group >> 8 & 0xFF)) }
            if !(isLast && padding >= 1) { out.append(UInt8(group & 0xFF)) }
            index += 4
        }
        return out
    }
}
