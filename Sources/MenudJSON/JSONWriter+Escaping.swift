extension JSONWriter {
    /// Appends `text` (valid UTF-8) as the inside of a JSON string, escaped per RFC 8259:
    /// `\"`, `\\`, the short control escapes, `\u00XX` for other control bytes; `/` and
    /// non-ASCII are written as they are.
    public static func appendEscaped(_ text: some Collection<UInt8>, to bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + text.count + 2)
        for byte in text {
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else {
                bytes.append(byte)
                continue
            }
            bytes.append(0x5C)
            switch byte {
            case 0x22: bytes.append(0x22)
            case 0x5C: bytes.append(0x5C)
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            default:
                bytes.append(UInt8(ascii: "u"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0x0F))
            }
        }
    }

    fileprivate static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? nibble + 0x30 : nibble - 10 + UInt8(ascii: "a")
    }
}
