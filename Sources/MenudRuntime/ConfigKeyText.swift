/// The text of a JSON5 string, decoded as `ConfigJSON5Parser` scans it, so that keys
/// written differently (`"a"`, `'a'`, `"\u0061"`) compare equal, as they do once decoded.
struct ConfigKeyText {
    private var utf8: [UInt8] = []
    /// A `\uD8xx` escape waiting for the `\uDCxx` that completes it.
    private var highSurrogate: UInt32?

    mutating func append(_ byte: UInt8) {
        flushSurrogate()
        utf8.append(byte)
    }

    /// Decodes the escape whose backslash is at `index` in `source`; returns the index after it.
    mutating func appendEscape(in source: [UInt8], at index: Int) -> Int {
        let next = index + 1
        guard next < source.count else { return next }
        switch source[next] {
        case UInt8(ascii: "n"): appendScalar(0x0A)
        case UInt8(ascii: "t"): appendScalar(0x09)
        case UInt8(ascii: "r"): appendScalar(0x0D)
        case UInt8(ascii: "b"): appendScalar(0x08)
        case UInt8(ascii: "f"): appendScalar(0x0C)
        case UInt8(ascii: "v"): appendScalar(0x0B)
        case UInt8(ascii: "0"): appendScalar(0x00)
        case UInt8(ascii: "\n"): break  // a line continuation adds nothing
        case UInt8(ascii: "\r"):
            return next + 1 < source.count && source[next + 1] == UInt8(ascii: "\n") ? next + 2 : next + 1
        case UInt8(ascii: "u"):
            guard let value = ConfigKeyText.hex(source, from: next + 1, digits: 4) else { break }
            appendUTF16(value)
            return next + 5
        case UInt8(ascii: "x"):
            guard let value = ConfigKeyText.hex(source, from: next + 1, digits: 2) else { break }
            appendScalar(value)
            return next + 3
        default:
            append(source[next])
        }
        return next + 1
    }

    mutating func finish() -> String {
        flushSurrogate()
        return String(decoding: utf8, as: UTF8.self)
    }

    private mutating func appendUTF16(_ unit: UInt32) {
        if (0xD800..<0xDC00).contains(unit) {
            flushSurrogate()
            highSurrogate = unit
        } else if (0xDC00..<0xE000).contains(unit), let high = highSurrogate {
            highSurrogate = nil
            appendScalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00))
        } else {
            appendScalar(unit)
        }
    }

    private mutating func appendScalar(_ value: UInt32) {
        flushSurrogate()
        utf8.append(contentsOf: String(Character(Unicode.Scalar(value) ?? "\u{FFFD}")).utf8)
    }

    private mutating func flushSurrogate() {
        guard highSurrogate != nil else { return }
        highSurrogate = nil
        utf8.append(contentsOf: "\u{FFFD}".utf8)
    }

    private static func hex(_ source: [UInt8], from start: Int, digits: Int) -> UInt32? {
        guard start + digits <= source.count else { return nil }
        var value: UInt32 = 0
        for byte in source[start..<(start + digits)] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
            value = value * 16 + UInt32(digit)
        }
        return value
    }
}
