extension JSONWriter {
    /// Appends `text` (valid UTF-8) as the inside of a JSON string, escaped per RFC 8259:
    /// `\"`, `\\`, the short control escapes, `\u00XX` for other control bytes; `/` and
    /// non-ASCII are written as they are.
    @inlinable
    public static func appendEscaped(_ text: some Collection<UInt8>, to bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + text.count + 2)
        for byte in text {
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else {
                bytes.append(byte)
                continue
            }
            appendEscape(of: byte, to: &bytes)
        }
    }

    /// Appends the escape of one byte that needs it (a control byte, `"` or `\`).
    @usableFromInline
    static func appendEscape(of byte: UInt8, to bytes: inout [UInt8]) {
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

    /// Copies `source` into `output` up to the first byte that needs escaping and returns its
    /// index, or -1 when there is none (usually): the one pass of every string written. Eight
    /// bytes at a time while eight are left (``ByteScan``), a clean word stored whole: a menu's
    /// strings cost half as much so as byte by byte.
    @inline(__always)
    static func copyUntilEscape(_ source: Span<UInt8>, to output: inout OutputSpan<UInt8>) -> Int {
        let raw = source.bytes
        let count = source.count
        var index = 0
        while index &+ 8 <= count {
            let word = raw.unsafeLoadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian
            let stops = ByteScan.escapeStops(in: word)
            guard stops == 0 else {
                let clean = ByteScan.firstFlagged(stops)
                var rest = word
                for _ in 0..<clean {
                    output.append(UInt8(truncatingIfNeeded: rest))
                    rest &>>= 8
                }
                return index &+ clean
            }
            output.append(repeating: 0, count: 8)
            var written = output.mutableSpan
            var writtenBytes = written.mutableBytes
            writtenBytes.storeBytes(of: word.littleEndian, toByteOffset: writtenBytes.byteCount &- 8, as: UInt64.self)
            index &+= 8
        }
        while index < count {
            let byte = source[index]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C { return index }
            output.append(byte)
            index &+= 1
        }
        return -1
    }

    @usableFromInline
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? nibble + 0x30 : nibble - 10 + UInt8(ascii: "a")
    }
}
