extension JSONParserCursor {
    // MARK: - Scalars

    @inline(__always)
    mutating func skipWhitespace() {
        var index = position
        while index < end {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
            index += 1
        }
        position = index
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let literalStart = position
        var offset = 0
        let count = literal.utf8CodeUnitCount
        while offset < count {
            let expected = literal.withUTF8Buffer { $0[offset] }
            guard position < end, bytes[position] == expected else {
                throw error(at: literalStart, "invalid literal at byte \(literalStart - start); expected \(literal) (JSON literals are lowercase true, false and null)")
            }
            position += 1
            offset += 1
        }
    }

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let numberStart = position
        var negative = false
        if bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        guard position < end, isDigit(bytes[position]) else {
            throw error(at: numberStart, "a '-' must be followed by digits at byte \(numberStart - start) (NaN and Infinity are not JSON numbers)")
        }
        // Accumulate negatively so that Int64.min parses as an integer.
        var accumulated: Int64 = 0
        var overflowed = false
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < end, isDigit(bytes[position]) {
                throw error(at: numberStart, "leading zeros are not allowed in numbers (byte \(numberStart - start)); write the number without them")
            }
        } else {
            while position < end, isDigit(bytes[position]) {
                if !overflowed {
                    let (times10, overflow1) = accumulated.multipliedReportingOverflow(by: 10)
                    let (next, overflow2) = times10.subtractingReportingOverflow(Int64(bytes[position] &- 0x30))
                    if overflow1 || overflow2 {
                        overflowed = true
                    } else {
                        accumulated = next
                    }
                }
                position += 1
            }
        }
        var isInteger = true
        if position < end, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < end, isDigit(bytes[position]) else {
                throw error(at: position, "expected a digit after the decimal point at byte \(position - start)")
            }
            while position < end, isDigit(bytes[position]) { position += 1 }
        }
        if position < end, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < end, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < end, isDigit(bytes[position]) else {
                throw error(at: position, "expected a digit in the exponent at byte \(position - start)")
            }
            while position < end, isDigit(bytes[position]) { position += 1 }
        }
        if isInteger, !overflowed {
            if negative { return .int(accumulated) }
            if accumulated != .min { return .int(-accumulated) }
        }
        let text = String(decoding: bytes[numberStart..<position], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error(at: numberStart, "the number \(text.count > 40 ? String(text.prefix(40)) + "…" : text) at byte \(numberStart - start) is too large for a 64-bit floating-point value")
        }
        return .double(value)
    }

    /// Parses a string starting at the opening quote; validates UTF-8 and escapes.
    mutating func parseString() throws(JSONParseError) -> String {
        let quoteOffset = position
        position += 1
        let contentStart = position
        // Fast path: no escapes, so the string is the bytes between the quotes.
        while position < end {
            // Plain ASCII runs in a tight loop on a local index.
            var index = position
            var byte: UInt8 = 0
            while index < end {
                byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                index += 1
            }
            position = index
            guard index < end else { break }
            if byte == UInt8(ascii: "\"") {
                let content = bytes[contentStart..<position]
                position += 1
                if let known, let string = known.string(for: content) { return string }
                return String(decoding: content, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacter(byte) }
            try skipUTF8Sequence()
        }
        guard position < end else { throw unterminatedString(quoteOffset) }

        // Slow path: copy what came before the first escape, then decode escapes as they come.
        var decoded = [UInt8](bytes[contentStart..<position])
        decoded.reserveCapacity(position - contentStart + 32)
        while position < end {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: decoded, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                try decodeEscape(into: &decoded)
            } else if byte < 0x20 {
                throw controlCharacter(byte)
            } else if byte < 0x80 {
                decoded.append(byte)
                position += 1
            } else {
                let sequenceStart = position
                try skipUTF8Sequence()
                decoded.append(contentsOf: bytes[sequenceStart..<position])
            }
        }
        throw unterminatedString(quoteOffset)
    }

    mutating func decodeEscape(into decoded: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = position
        position += 1
        guard position < end else { throw unexpectedEnd(expecting: "an escape after '\\'") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): decoded.append(0x22)
        case UInt8(ascii: "\\"): decoded.append(0x5C)
        case UInt8(ascii: "/"): decoded.append(0x2F)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4(escapeStart: escapeStart)
            if scalar >= 0xD800, scalar <= 0xDBFF {
                guard position + 1 < end, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                    throw loneSurrogate(scalar, at: escapeStart)
                }
                let lowStart = position
                position += 2
                let low = try parseHex4(escapeStart: lowStart)
                guard low >= 0xDC00, low <= 0xDFFF else { throw loneSurrogate(scalar, at: escapeStart) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar >= 0xDC00, scalar <= 0xDFFF {
                throw loneSurrogate(scalar, at: escapeStart)
            }
            appendUTF8(scalar, to: &decoded)
        default:
            throw error(at: escapeStart, "invalid escape \(describeEscape(byte)) at byte \(escapeStart - start); JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        }
    }

    mutating func parseHex4(escapeStart: Int) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < end else { throw unexpectedEnd(expecting: "four hex digits after \\u") }
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 0x30)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 0x61 + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 0x41 + 10)
            default:
                throw error(at: escapeStart, "invalid \\u escape at byte \(escapeStart - start); \\u must be followed by four hex digits")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    func appendUTF8(_ scalar: UInt32, to decoded: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            decoded.append(UInt8(scalar))
        case 0x80..<0x800:
            decoded.append(UInt8(0xC0 | (scalar >> 6)))
            decoded.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            decoded.append(UInt8(0xE0 | (scalar >> 12)))
            decoded.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            decoded.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            decoded.append(UInt8(0xF0 | (scalar >> 18)))
            decoded.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            decoded.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            decoded.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    /// Steps over one multi-byte UTF-8 sequence starting at `position`, checking it against the
    /// well-formed table of Unicode 15 §3.9 (no overlong forms, no surrogates, nothing past U+10FFFF).
    mutating func skipUTF8Sequence() throws(JSONParseError) {
        let lead = bytes[position]
        let length: Int
        var secondLow: UInt8 = 0x80
        var secondHigh: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF:
            length = 2
        case 0xE0:
            length = 3; secondLow = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF:
            length = 3
        case 0xED:
            length = 3; secondHigh = 0x9F
        case 0xF0:
            length = 4; secondLow = 0x90
        case 0xF1...0xF3:
            length = 4
        case 0xF4:
            length = 4; secondHigh = 0x8F
        case 0x80...0xBF:
            throw invalidUTF8(at: position, "a continuation byte 0x\(hex(lead)) without a lead byte")
        case 0xC0, 0xC1:
            throw invalidUTF8(at: position, "an overlong encoding (lead byte 0x\(hex(lead)))")
        default:
            throw invalidUTF8(at: position, "the byte 0x\(hex(lead)), which never occurs in UTF-8")
        }
        guard end - position >= length else {
            throw invalidUTF8(at: position, "a sequence cut short by the end of the input")
        }
        let second = bytes[position + 1]
        guard second >= secondLow, second <= secondHigh else {
            let reason: String
            if second < 0x80 || second > 0xBF {
                reason = "a sequence cut short (0x\(hex(second)) is not a continuation byte)"
            } else if lead == 0xE0 || lead == 0xF0 {
                reason = "an overlong encoding"
            } else if lead == 0xED {
                reason = "an encoded UTF-16 surrogate"
            } else {
                reason = "a code point beyond U+10FFFF"
            }
            throw invalidUTF8(at: position, reason)
        }
        var offset = 2
        while offset < length {
            let continuation = bytes[position + offset]
            guard continuation & 0xC0 == 0x80 else {
                throw invalidUTF8(at: position, "a sequence cut short (0x\(hex(continuation)) is not a continuation byte)")
            }
            offset += 1
        }
        position += length
    }

    @inline(__always)
    func isDigit(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10
    }
}
